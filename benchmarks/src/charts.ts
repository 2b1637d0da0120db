import * as echarts from 'echarts';
import type { CaseResult } from './runCases.js';
import { computeRatios } from './report.js';

/** Render an ECharts option to an SVG string, server side (no DOM). */
function renderSvg(option: Record<string, unknown>, width = 760, height = 420): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  chart.setOption({ animation: false, backgroundColor: '#fff', ...option });
  const svg = chart.renderToSVGString();
  chart.dispose();
  return svg;
}

/** Bars of peer/ours per scenario and peer, on a log axis. */
export function ratioChart(results: readonly CaseResult[]): string | null {
  const ratios = computeRatios(results);
  if (ratios.length === 0) return null;
  const scenarios = [...new Set(ratios.map((r) => r.scenario))];
  const peers = [...new Set(ratios.map((r) => r.peer))];
  return renderSvg(
    {
      title: { text: 'dualplan speed-up over peers (peer median / dualplan median)', textStyle: { fontSize: 14 } },
      legend: { top: 28, itemGap: 24 },
      grid: { left: 200, right: 40, top: 70, bottom: 40 },
      xAxis: { type: 'log', name: '×', logBase: 10 },
      yAxis: { type: 'category', data: scenarios },
      series: peers.map((peer) => ({
        name: peer,
        type: 'bar',
        label: {
          show: true,
          position: 'right',
          formatter: (p: { value: number }) => (p.value ? `${p.value >= 10 ? p.value.toFixed(0) : p.value.toFixed(1)}×` : ''),
        },
        data: scenarios.map((s) => ratios.find((r) => r.scenario === s && r.peer === peer)?.ratio ?? null),
      })),
    },
    820,
    Math.max(260, 90 + scenarios.length * 26 * Math.max(1, peers.length)),
  );
}

/** One line chart per curve id: median time against x, one series per impl, log y. */
export function curveCharts(results: readonly CaseResult[]): Array<{ id: string; svg: string }> {
  const ids = [...new Set(results.filter((r) => r.curve).map((r) => r.curve!.id))];
  return ids.map((id) => {
    const points = results.filter((r) => r.curve?.id === id);
    const impls = [...new Set(points.map((r) => r.impl))];
    const xLabel = points[0].curve!.xLabel;
    const series = impls.map((impl) => {
      const mine = points.filter((r) => r.impl === impl && r.medianNs !== undefined);
      const stop = points.find((r) => r.impl === impl && r.status === 'timeout');
      return {
        name: stop ? `${impl} (stops at ${xLabel}=${stop.curve!.x})` : impl,
        type: 'line',
        symbolSize: 5,
        data: mine.map((r) => [r.curve!.x, r.medianNs! / 1e3]),
      };
    });
    const svg = renderSvg({
      title: { text: `${id}: median µs per plan`, textStyle: { fontSize: 14 } },
      legend: { top: 28, itemGap: 24 },
      grid: { left: 90, right: 30, top: 70, bottom: 50 },
      tooltip: {},
      xAxis: { type: 'value', name: xLabel, nameLocation: 'middle', nameGap: 28 },
      yAxis: { type: 'log', name: 'µs', logBase: 10 },
      series,
    });
    return { id, svg };
  });
}
