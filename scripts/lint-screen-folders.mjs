import path from 'node:path';

// The folders of src/islands (docs/how-to-add-a-screen.md): a screen's folder keeps to itself. Account screens live in
// account/<route>/, the modal flows in modal/<flow>/, each public island in <page>/; what two of them share lives in
// account/shared/, modal/shared/ or ui/ (for every island). A frame (the files directly in account/ or modal/) opens its
// own screens.
const ISLANDS = 'src/islands/';

/** Where a file under src/islands stands: the screen folder it belongs to, the area whose frame or shared folder it is in, or neither. */
export function placeOf(file) {
  const relative = file.replaceAll('\\', '/');
  const at = relative.lastIndexOf(ISLANDS);
  if (at === -1) return undefined;
  const parts = relative.slice(at + ISLANDS.length).split('/');
  const [top, second] = parts;
  if (parts.length === 1) return { kind: 'frame', area: '' };
  if (top === 'ui') return { kind: 'shared', area: '' };
  if (top === 'account' || top === 'modal') {
    if (parts.length === 2) return { kind: 'frame', area: top };
    if (second === 'shared') return { kind: 'shared', area: top };
    return { kind: 'screen', area: top, folder: `${top}/${second}` };
  }
  return { kind: 'screen', area: '', folder: top };
}

/** Why `from` may not import `to` (both under src/islands), or undefined when it may. */
export function reachProblem(from, to) {
  const source = placeOf(from);
  const target = placeOf(to);
  if (!source || !target) return undefined;
  if (target.kind === 'screen' && !(source.kind === 'screen' && source.folder === target.folder)) {
    if (source.kind === 'frame' && source.area === target.area && target.area !== '') return undefined;
    return `${target.folder}/ is a screen's own folder: move what ${source.folder ?? 'this file'} needs of it to a shared folder (account/shared, modal/shared or ui).`;
  }
  if (target.kind === 'shared' && target.area !== '' && source.area !== target.area) {
    return `${target.area}/shared/ serves the ${target.area} screens only: a piece other islands use belongs in ui/.`;
  }
  return undefined;
}

/** An ESLint plugin with one rule: a screen's folder imports nothing of another screen's folder. */
export const screenFolders = {
  rules: {
    'own-folder': {
      meta: { type: 'problem', docs: { description: "A screen's folder does not reach into another screen's folder." }, schema: [] },
      create(context) {
        const file = context.filename;
        const check = (node, source) => {
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const problem = reachProblem(file, path.resolve(path.dirname(file), source));
          if (problem) context.report({ node, message: problem });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => check(node, node.source?.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source.value : undefined),
        };
      },
    },
  },
};
