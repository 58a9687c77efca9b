/** The top of a page of the customer's dashboard beside My Requests: the way back to it, and the page's title. */
export function DashboardHeading({ title }: { title: string }) {
  return (
    <>
      <p>
        <a href="/customer/mobile" className="font-semibold text-brand-700 underline dark:text-sky-300">
          ← My Requests
        </a>
      </p>
      <p className="mt-3 text-sm font-semibold text-brand-700 uppercase dark:text-sky-300">My Dashboard</p>
      <h1 className="mt-1 text-3xl font-bold">{title}</h1>
    </>
  );
}
