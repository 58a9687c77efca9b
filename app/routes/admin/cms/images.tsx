import { OUT_OF_DATE } from "~/.server/admin/actions.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { deleteContentImage, IMAGE_LIST_LIMIT, listContentImages, uploadContentImage } from "~/.server/content/images.ts";
import { parseForm, readForm, redirectWithFlash, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { chosenFiles, PHOTO_LIMITS } from "~/.server/uploads/index.ts";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { Table } from "~/components/admin/table.tsx";
import { FileField, FormError, TextField } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { deleteImageSchema, uploadImageSchema } from "~/lib/forms/admin/cms.ts";
import type { Route } from "./+types/images";
import { IntentForm } from "~/components/form/intent-form.tsx";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /admin/cms/images: images for content bodies. An upload goes through the request photos' pipeline (checked
 * by its content, re-encoded as WebP without its metadata, at most 2048 px a side) and needs its alt text;
 * each image is listed with the Markdown to paste into a body and its public address (/media/{name}, cached
 * for a year). One that an entry or a legal text uses cannot be deleted: the refusal says which.
 */
export async function loader({ context }: Route.LoaderArgs) {
  staffOf(context);
  return { ...(await listContentImages()), limit: IMAGE_LIST_LIMIT, maxMegabytes: PHOTO_LIMITS.maxBytes / (1024 * 1024) };
}

export const handle = { title: "Images" };

type Failure = FormFailure & { imageId?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "upload") {
    const [file, ...more] = chosenFiles(form.getAll("image"));
    const fileProblem = !file ? "Choose the image to upload (JPEG, PNG, WebP or HEIC)." : more.length > 0 ? "Upload one image at a time." : undefined;
    const parsed = parseForm(form, uploadImageSchema, { extraErrors: fileProblem ? { image: fileProblem } : {} });
    if (parsed.refusal) return parsed.refusal;
    const result = await uploadContentImage(staff, file, parsed.data.alt);
    if (!result.ok) return refuseForm(form, result.message, result.field);
    return redirectWithFlash("/admin/cms/images", { type: "success", message: result.message });
  }
  if (intent === "delete") {
    const parsed = parseForm(form, deleteImageSchema);
    if (parsed.refusal) return parsed.refusal;
    const result = await deleteContentImage(staff, parsed.data.id, parsed.data.version);
    if (!result.ok && result.reason === "not-found") return redirectWithFlash("/admin/cms/images", { type: "success", message: "That image was already deleted." });
    if (!result.ok) return refuseForm(form, result.message, result.field, { imageId: String(parsed.data.id) });
    return redirectWithFlash("/admin/cms/images", { type: "success", message: result.message });
  }
  return refuseForm(form, OUT_OF_DATE);
}

function kilobytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export default function AdminImages({ loaderData, actionData }: Route.ComponentProps) {
  const { images, total, limit, maxMegabytes } = loaderData;
  const failure = actionData as Failure | undefined;
  const upload = failure?.intent === "upload" ? failure : undefined;
  const deleted = failure?.intent === "delete" ? failure : undefined;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        back={{ href: "/admin/cms", label: "Content" }}
        title="Images"
        description="Images for pages, articles and other content: paste an image's Markdown into a body to show it there."
      />
      <TitledSection headingId="upload-heading" title="Upload an image" className="mb-8 max-w-xl rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
        <p className={`mt-1 mb-3 text-sm ${muted}`}>
          JPEG, PNG, WebP or HEIC up to {maxMegabytes} MB. It is stored as WebP at most 2048 pixels a side, without its camera data (location included).
        </p>
        <IntentForm intent="upload" error={upload?.errors.form} encType="multipart/form-data" className="space-y-4">
          <FileField name="image" label="Image" required accept="image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif" error={upload?.errors.image} />
          <TextField
            name="alt"
            label="Alt text"
            required
            maxLength={250}
            defaultValue={upload?.values.alt}
            error={upload?.errors.alt}
            hint="What the image shows, for people who cannot see it and for search engines."
          />
          <Button type="submit">Upload</Button>
        </IntentForm>
      </TitledSection>
      <TitledSection headingId="list-heading" title={<>{total === 0 ? "No images yet" : `${total} image${total === 1 ? "" : "s"}`}</>} headingClassName="mb-1 text-lg font-semibold">
        {total > images.length && <p className={`mb-2 text-sm ${muted}`}>The {limit} newest are shown.</p>}
        {deleted && (
          <div className="mb-3">
            <FormError message={deleted.errors.form ?? deleted.errors.id} />
          </div>
        )}
        {images.length > 0 && (
          <Table label="Images" className="relative" columns={["Image", "Alt text and Markdown", "Size", "Uploaded", <span className="sr-only">Delete</span>]}>
            {images.map((img) => (
              <tr key={img.id} className="border-t border-slate-200 align-top dark:border-slate-800">
                <td className="px-3 py-2">
                  <a href={img.path} className={link}>
                    <img src={img.path} alt={img.alt} width={img.width} height={img.height} loading="lazy" className="h-auto max-h-24 w-24 rounded object-cover" />
                  </a>
                </td>
                <td className="px-3 py-2">
                  <p>{img.alt}</p>
                  <label className="mt-1 block text-sm">
                    <span className={muted}>Markdown</span>
                    <input readOnly value={img.snippet} className="mt-1 block w-full min-w-56 rounded border border-slate-400 bg-slate-50 px-2 py-1 font-mono text-sm dark:bg-slate-900" />
                  </label>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {img.width} × {img.height}
                  <br />
                  <span className={muted}>{kilobytes(img.bytes)}</span>
                </td>
                <td className="px-3 py-2">
                  <time dateTime={img.createdAt}>{formatDateTime(img.createdAt)}</time>
                  <br />
                  <span className={`text-sm break-all ${muted}`}>{img.originalName}</span>
                </td>
                <td className="px-3 py-2">
                  <ConfirmButton intent="delete" fields={{ id: img.id, version: img.version }} tone="danger" confirm="Delete this image? Its address stops working.">
                    Delete<span className="sr-only"> {img.alt}</span>
                  </ConfirmButton>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </TitledSection>
    </div>
  );
}
