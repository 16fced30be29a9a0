import { eventLabel, type Diagram, type DiagramNode } from '../../src/flows/graph';

const safeId = (id: string) => id.replace(/[^A-Za-z0-9_]/g, '_');
const text = (s: string) => s.replace(/[:;#]/g, ' ');

/** Mermaid stateDiagram-v2 text: nested states, initial markers, events and guards on edges. */
export function toMermaid(diagram: Diagram): string {
  const lines = ['stateDiagram-v2'];
  const childrenOf = (parent: string | null) => diagram.nodes.filter((n) => n.parent === parent);
  const writeNode = (node: DiagramNode, indent: string) => {
    const id = safeId(node.id);
    const notes = [...node.invokes.map((i) => `invoke ${i}`), ...node.tags.map((t) => `tag ${t}`)];
    lines.push(`${indent}state "${text(node.key)}${notes.length ? ` (${text(notes.join(', '))})` : ''}" as ${id}`);
    const children = childrenOf(node.id);
    if (children.length) {
      lines.push(`${indent}state ${id} {`);
      for (const child of children) writeNode(child, indent + '  ');
      for (const child of children.filter((c) => c.initial)) lines.push(`${indent}  [*] --> ${safeId(child.id)}`);
      lines.push(`${indent}}`);
    }
    if (node.kind === 'final') lines.push(`${indent}${id} --> [*]`);
  };
  const top = childrenOf(null);
  for (const node of top) writeNode(node, '  ');
  for (const node of top.filter((n) => n.initial)) lines.push(`  [*] --> ${safeId(node.id)}`);
  for (const edge of diagram.edges) {
    const label = `${eventLabel(edge.event)}${edge.guard ? ` [${edge.guard}]` : ''}`;
    lines.push(`  ${safeId(edge.source)} --> ${safeId(edge.target)} : ${text(label)}`);
  }
  return lines.join('\n') + '\n';
}
