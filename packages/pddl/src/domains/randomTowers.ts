/** Shuffle `names` and cut them into towers (bottom first), each cut with probability 1/3. @internal */
export function randomTowers(names: readonly string[], random: () => number): string[][] {
  const order = names.slice();
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const towers: string[][] = [];
  for (const b of order) {
    if (towers.length === 0 || random() < 1 / 3) towers.push([b]);
    else towers[towers.length - 1].push(b);
  }
  return towers;
}
