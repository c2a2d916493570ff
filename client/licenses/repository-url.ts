// package.json "repository" values come in many shapes; the licence page links only to web pages.

/**
 * A browsable https address for a repository field, or null: 'github:o/r', 'o/r',
 * 'git@github.com:o/r', 'git://github.com/o/r', 'ssh://git@github.com/o/r', 'git+https://…',
 * and http:// are all turned into https://host/o/r.
 */
export function repositoryUrl(repository: string | undefined): string | null {
  if (!repository) return null;
  const value = repository
    .trim()
    .replace(/^git\+/, '')
    .replace(/\.git$/, '');
  const shorthand = /^(?:(github|gitlab|bitbucket):)?([\w.-]+\/[\w.-]+)$/.exec(value);
  if (shorthand) {
    const host = shorthand[1] === 'gitlab' ? 'gitlab.com' : shorthand[1] === 'bitbucket' ? 'bitbucket.org' : 'github.com';
    return `https://${host}/${shorthand[2]}`;
  }
  const scp = /^[\w.-]+@([\w.-]+):(.+)$/.exec(value);
  if (scp) return `https://${scp[1]}/${scp[2]}`;
  try {
    const url = new URL(value);
    if (!['https:', 'http:', 'git:', 'ssh:', 'git+ssh:'].includes(url.protocol)) return null;
    return `https://${url.host}${url.pathname}`.replace(/\/$/, '');
  } catch {
    return null;
  }
}

/** The address without its scheme, for display: github.com/o/r */
export function repositoryLabel(url: string): string {
  return url.replace(/^https:\/\//, '');
}
