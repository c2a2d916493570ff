export { loadScreen as data } from '#client/screen/load.ts';
