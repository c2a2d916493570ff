// The same title as the store's own page of this step.
export { default } from '#client/pages/login/+title.ts';
