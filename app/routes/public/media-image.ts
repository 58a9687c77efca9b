import { publicImage } from "~/.server/content/images.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { publicStoredFileResponse } from "~/.server/uploads/index.ts";
import type { Route } from "./+types/media-image";

/**
 * /media/{name}: an image of the site's content (/admin/cms/images), to everyone. Its name is random and
 * never reused, so browsers and shared caches keep it for a year.
 */
const NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

export async function loader({ url, params }: Route.LoaderArgs) {
  const image = NAME.test(params.name) ? await publicImage(params.name) : undefined;
  if (!image) return throwNotFound(url);
  return publicStoredFileResponse(image.path, image.contentType);
}
