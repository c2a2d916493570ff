// Types for the part of geoip-country (a CommonJS package without types) that device.ts uses.
declare module 'geoip-country' {
  export type GeoCountry = { country: string; name: string; native: string; continent: string };
  const geoip: { lookup(ip: string | number): GeoCountry | null };
  export default geoip;
}
