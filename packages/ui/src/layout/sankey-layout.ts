/** A positioned sankey node. */
export interface SankeyNode {
  id: string;
  label: string;
  color?: string;
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A positioned sankey link: an SVG path drawn with a stroke of `width`. */
export interface SankeyLink {
  source: string;
  target: string;
  value: number;
  width: number;
  path: string;
}

/** Layout input. */
export interface SankeyInput {
  nodes?: ReadonlyArray<{ id: string; label?: string; color?: string }>;
  links: ReadonlyArray<{ source: string; target: string; value: number }>;
}

/**
 * Lays out a sankey diagram in a `width` × `height` box: nodes in columns by longest path from the
 * sources, heights proportional to the larger of inflow and outflow, links as horizontal Bézier bands.
 * Throws when the links form a cycle.
 */
export function layoutSankey(
  input: SankeyInput,
  width: number,
  height: number,
  options = { nodeWidth: 14, padding: 12 },
): { nodes: SankeyNode[]; links: SankeyLink[] } {
  const order: string[] = [];
  const info = new Map<string, { label: string; color?: string }>();
  const ensure = (id: string, label?: string, color?: string) => {
    if (!info.has(id)) order.push(id);
    info.set(id, { label: label ?? info.get(id)?.label ?? id, color: color ?? info.get(id)?.color });
  };
  for (const node of input.nodes ?? []) ensure(node.id, node.label, node.color);
  for (const link of input.links) {
    ensure(link.source);
    ensure(link.target);
  }
  const depth = columnsOf(order, input.links);
  const columns = Math.max(...depth.values()) + 1;
  const inflow = new Map<string, number>();
  const outflow = new Map<string, number>();
  for (const link of input.links) {
    outflow.set(link.source, (outflow.get(link.source) ?? 0) + link.value);
    inflow.set(link.target, (inflow.get(link.target) ?? 0) + link.value);
  }
  const value = (id: string) => Math.max(inflow.get(id) ?? 0, outflow.get(id) ?? 0);
  const byColumn = Array.from({ length: columns }, (_, column) =>
    order.filter((id) => depth.get(id) === column),
  );
  const scale = Math.min(
    ...byColumn.map(
      (ids) =>
        (height - options.padding * Math.max(0, ids.length - 1)) /
        Math.max(
          1e-9,
          ids.reduce((sum, id) => sum + value(id), 0),
        ),
    ),
  );
  const nodes = new Map<string, SankeyNode>();
  byColumn.forEach((ids, column) => {
    let y = 0;
    const x = columns === 1 ? 0 : (column * (width - options.nodeWidth)) / (columns - 1);
    for (const id of ids) {
      const nodeHeight = Math.max(1, value(id) * scale);
      const { label, color } = info.get(id) ?? { label: id };
      nodes.set(id, {
        id,
        label,
        color,
        value: value(id),
        x,
        y,
        width: options.nodeWidth,
        height: nodeHeight,
      });
      y += nodeHeight + options.padding;
    }
  });
  const sourceOffset = new Map<string, number>();
  const targetOffset = new Map<string, number>();
  const links = input.links.map((link) => {
    const source = nodes.get(link.source) as SankeyNode;
    const target = nodes.get(link.target) as SankeyNode;
    const bandWidth = Math.max(1, link.value * scale);
    const sy = source.y + (sourceOffset.get(link.source) ?? 0) + bandWidth / 2;
    const ty = target.y + (targetOffset.get(link.target) ?? 0) + bandWidth / 2;
    sourceOffset.set(link.source, (sourceOffset.get(link.source) ?? 0) + bandWidth);
    targetOffset.set(link.target, (targetOffset.get(link.target) ?? 0) + bandWidth);
    const x0 = source.x + source.width;
    const x1 = target.x;
    const mid = (x0 + x1) / 2;
    return {
      source: link.source,
      target: link.target,
      value: link.value,
      width: bandWidth,
      path: `M${x0},${sy}C${mid},${sy} ${mid},${ty} ${x1},${ty}`,
    };
  });
  return { nodes: [...nodes.values()], links };
}

function columnsOf(order: readonly string[], links: SankeyInput['links']): Map<string, number> {
  const indegree = new Map(order.map((id) => [id, 0]));
  const next = new Map<string, string[]>(order.map((id) => [id, []]));
  for (const link of links) {
    indegree.set(link.target, (indegree.get(link.target) ?? 0) + 1);
    next.get(link.source)?.push(link.target);
  }
  const depth = new Map(order.map((id) => [id, 0]));
  const queue = order.filter((id) => indegree.get(id) === 0);
  let visited = 0;
  while (queue.length > 0) {
    const id = queue.shift() as string;
    visited++;
    for (const target of next.get(id) ?? []) {
      depth.set(target, Math.max(depth.get(target) ?? 0, (depth.get(id) ?? 0) + 1));
      indegree.set(target, (indegree.get(target) ?? 0) - 1);
      if (indegree.get(target) === 0) queue.push(target);
    }
  }
  if (visited < order.length) throw new Error('the sankey links form a cycle; flows must go one way');
  return depth;
}
