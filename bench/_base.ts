import MiniSearch from 'minisearch';
import { parameterText } from '../packages/core/src/discovery/tool-search-text.ts';
import { readServers, readTasks, toLayers } from './load-catalog-data.ts';
const tasks = readTasks('../shared/data/livemcpbench/tasks-dev.json');
// a common English stop list (Lucene / sklearn style)
const STOP = new Set('a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with i me my we our you your he she him her his its them what which who whom when where why how all any both each few more most other some than too very can just do does did have has had should would could am been being from up down out off over under again further once here so only own same nor s t don now'.split(' '));
const variants: Record<string, (l: any, t: any) => string> = {
  full: (l, t) => `${t.name} ${t.title ?? ''} ${t.description ?? ''} ${parameterText(t.inputSchema)} ${l.serverName} ${l.description ?? ''} ${l.category ?? ''}`,
};
for (const files of ['../shared/data/livemcpbench/servers.json', '../shared/data/livemcpbench/servers.json,../shared/data/toucan/servers.json']) {
  const layers = toLayers(readServers(files));
  for (const [vname, text] of Object.entries(variants)) {
    for (const stop of [false, true]) for (const d of [0.5, 0]) for (const b of [0.7, 0.75]) {
      const plain = new MiniSearch<any>({ fields: ['text'], storeFields: ['name'], processTerm: (t: string) => { const l = t.toLowerCase(); return stop && STOP.has(l) ? null : l; }, searchOptions: { bm25: { k: 1.2, b, d } } });
      let id = 0;
      for (const l of layers) plain.addAll(l.tools.map((t) => ({ id: id++, name: t.name, text: text(l, t) })));
      let r5 = 0, h5 = 0;
      for (const task of tasks) {
        const top = plain.search(task.query).slice(0, 5).map((h) => h.name);
        const gold = new Set(task.goldTools);
        const f = [...gold].filter((g) => top.includes(g)).length;
        r5 += f / gold.size; if (f) h5++;
      }
      console.log(layers.length, vname, 'stop', stop, 'd', d, 'b', b, (r5 / tasks.length).toFixed(3), (h5 / tasks.length).toFixed(3));
    }
  }
}
