import { throwNotFound } from "./errors.ts";

/** A numeric id from the URL (":id"), or the 404 page: "12abc", "0" and "-1" are not ids. */
export async function idParam(value: string | undefined, url: URL): Promise<number> {
  if (!value || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) return throwNotFound(url);
  return Number(value);
}
