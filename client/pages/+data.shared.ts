// The data hook of every page, inherited from here by each page under client/pages (Vike's config
// inheritance): its screen data, in process on the server, over HTTP on client navigation
// (decision 0003). The error page inherits it too and loads nothing (client/screen/load.ts).
export { loadScreen as data } from '#client/screen/load.ts';
