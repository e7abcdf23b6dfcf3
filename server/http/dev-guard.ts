/**
 * Why the dev server refuses a request, or undefined. The editing API writes
 * and deletes files under content/, so it answers loopback only, whatever
 * HOST says. Vite serves any file of the project that a module could import;
 * the lead database, its backups and the environment files are not modules.
 */
export function devRefusal(path: string, remoteAddress: string | undefined): string | undefined {
  const loopback = remoteAddress !== undefined && /^(127\.|::1$|::ffff:127\.)/.test(remoteAddress);
  if (!loopback && /^\/(api\/)?keystatic(\/|$)/.test(path)) {
    return "Forbidden: the editor of npm run dev answers this machine only.";
  }
  if (/^\/(data|backups)(\/|$)|^\/\.env|\.(db|sqlite)(-wal|-shm)?$/i.test(path)) {
    return "Forbidden: the dev server does not serve the lead database, backups or .env files.";
  }
  return undefined;
}
