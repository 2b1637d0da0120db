// The npm `goap` package (1.1.1) ships no types; this is the part the benchmarks use.
declare module 'goap' {
  type World = Record<string, Record<string, unknown>>;
  class Action {
    constructor(options?: { name?: string; cost?: number; data?: unknown });
    name: string;
    cost: number;
    precondition(fn: (state: World, name: string) => boolean): this;
    effect(fn: (state: World, name: string) => unknown): this;
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- used through `typeof Agent` in the default export
  class Agent {
    constructor(world: World, name?: string);
    world: World;
    action(action: Action): void;
    goal(name: string, goal: (prev: World, next: World, name: string) => boolean): void;
    plan(): Action[] | undefined;
    getActionCost(action: Action): number;
    move(action: Action): void;
    isInRange(action: Action): boolean;
  }
  const goap: { Agent: typeof Agent; Action: typeof Action };
  export default goap;
}
