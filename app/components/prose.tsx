/** Content bodies, rendered from Markdown on the server (renderMarkdown). */
export function Prose({ html, className = "" }: { html: string; className?: string }) {
  return (
    <div
      className={`prose prose-slate max-w-none dark:prose-invert prose-a:text-brand-700 dark:prose-a:text-sky-300 prose-headings:scroll-mt-4 [&_.table-scroll]:overflow-x-auto ${className}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
