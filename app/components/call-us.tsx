import { link } from "~/components/ui/styles.ts";
import { formatIndianPhone, telHref } from "~/lib/contact-links.ts";
import { useSite } from "~/lib/use-site.ts";

/** The closing line of a signed-link page: what to do next, and the office's number to call. */
export function CallUs({ text = "You can also call us on" }: { text?: string }) {
  const { identity } = useSite();
  return (
    <p className="mt-4">
      {text}{" "}
      <a href={telHref(identity.supportPhone)} className={link}>
        {formatIndianPhone(identity.supportPhone)}
      </a>
      .
    </p>
  );
}
