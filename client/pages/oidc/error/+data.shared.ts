// Spec 2: /oidc/error raises the error page of the status in its query; the loader always throws.
export { loadScreen as data } from '#client/screen/load.ts';
