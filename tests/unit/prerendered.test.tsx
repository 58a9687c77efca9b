// @vitest-environment happy-dom
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { ServiceCatalogue, type CatalogueService } from "~/components/home/service-catalogue.tsx";
import { Prerendered, StaticMarkupContext, type StaticMarkupRenderer } from "~/components/prerendered.tsx";

/** The renderer entry.server.tsx provides, with a count of the renders it did. */
function serverRenderer() {
  const kept = new Map<string, string>();
  const renders = vi.fn();
  const renderer: StaticMarkupRenderer = (key, render) => {
    let html = kept.get(key);
    if (html === undefined) {
      renders();
      html = renderToStaticMarkup(<>{render()}</>);
      kept.set(key, html);
    }
    return html;
  };
  return { renderer, renders };
}

const services: CatalogueService[] = [
  { name: "VFD Repair", slug: "vfd-repair", category: "Automation", summary: "Component-level repair of AC drives & <b>servo</b> \"drives\"." },
  { name: "Panel Building", slug: "panel-building", category: "Electrical", summary: "LT panels to IEC 61439." },
];
const categories = [
  { name: "Automation", slug: "automation", count: 1 },
  { name: "Electrical", slug: "electrical", count: 1 },
];

function Catalogue({ list = services, phone = "+919000000001" }: { list?: CatalogueService[]; phone?: string }) {
  return <ServiceCatalogue services={list} categories={categories} initialQuery="" initialCategory="" phone={phone} />;
}

/** What a visitor gets, whichever way it was made: the attribute and React's text separators aside. */
const visible = (html: string) => html.replace(/ data-prerendered="[0-9a-f]+"/g, "").replace(/<!-- -->/g, "");

describe("prerendered markup (ADR 072)", () => {
  it("on the server: the children's markup as inner HTML, rendered once for equal inputs", () => {
    const { renderer, renders } = serverRenderer();
    const page = (inputs: string) => (
      <StaticMarkupContext value={renderer}>
        <Prerendered as="ul" id="list" className="grid" inputs={inputs}>
          {() => [<li key="a">A &amp; {inputs}</li>]}
        </Prerendered>
      </StaticMarkupContext>
    );
    const first = renderToString(page("one"));
    expect(first).toMatch(/^<ul id="list" class="grid" data-prerendered="[0-9a-f]{16}"><li>A &amp; one<\/li><\/ul>$/);
    expect(renderToString(page("one"))).toBe(first);
    expect(renders).toHaveBeenCalledTimes(1);
    // New inputs (a content edit): new markup and a new fingerprint.
    const second = renderToString(page("two"));
    expect(second).toContain("A &amp; two");
    expect(second.match(/data-prerendered="(\w+)"/)![1]).not.toBe(first.match(/data-prerendered="(\w+)"/)![1]);
    expect(renders).toHaveBeenCalledTimes(2);
  });

  it("the catalogue's cards prerendered are the markup React renders for them", () => {
    const { renderer } = serverRenderer();
    const prerendered = renderToString(
      <StaticMarkupContext value={renderer}>
        <Catalogue />
      </StaticMarkupContext>,
    );
    expect(prerendered).toContain('id="catalogue-cards"');
    expect(prerendered).toContain("data-prerendered=");
    expect(visible(prerendered)).toBe(visible(renderToString(<Catalogue />)));
  });

  it("in the browser: hydrates the server's markup without a mismatch, and renders the cards itself when the inputs change", async () => {
    const { renderer } = serverRenderer();
    const container = document.createElement("div");
    document.body.append(container);
    container.innerHTML = renderToString(
      <StaticMarkupContext value={renderer}>
        <Catalogue />
      </StaticMarkupContext>,
    );
    const serverList = container.querySelector("#catalogue-cards")!;
    const recoverable = vi.fn();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(container, <Catalogue />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    // Hydrated in place: the very element the server sent, its cards untouched.
    expect(container.querySelector("#catalogue-cards")).toBe(serverList);
    expect(container.querySelectorAll(".service-card")).toHaveLength(2);

    // The content changed (a revalidation brought a third service): React renders the cards, no leftovers.
    const more = [...services, { name: "PLC Programming", slug: "plc-programming", category: "Automation", summary: "Ladder and ST." }];
    await act(async () => root.render(<Catalogue list={more} />));
    const list = container.querySelector("#catalogue-cards")!;
    expect(list.hasAttribute("data-prerendered")).toBe(false);
    expect([...list.querySelectorAll("h3")].map((h) => h.textContent)).toEqual(["VFD Repair", "Panel Building", "PLC Programming"]);
    await act(async () => root.unmount());
    errors.mockRestore();
    container.remove();
  });
});
