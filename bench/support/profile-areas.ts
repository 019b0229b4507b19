// Where a profile's frame comes from, for summaries by area: a package, a part of Node, a folder of Kindred.

export type TCallFrame = { functionName: string; url: string; lineNumber: number };

export function areaOf(node: { callFrame: TCallFrame }): string {
  const { url, functionName } = node.callFrame;
  if (!url) return functionName.startsWith('(') ? functionName : `(native) ${functionName || 'anonymous'}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/').slice(0, 2).join('/')}`;
  const src = /\/src\/(.+)$/.exec(url);
  if (src) return `kindred ${src[1]!.split('/').slice(0, 2).join('/')}`;
  return url.split('/').slice(-2).join('/');
}

/** A frame as `name file:line` (the file's last two parts, the line from 1). */
export const frameName = ({ functionName, url, lineNumber }: TCallFrame) =>
  `${functionName || '(anonymous)'} ${url ? `${url.split('/').slice(-2).join('/')}:${lineNumber + 1}` : ''}`;
