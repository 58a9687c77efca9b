import { control } from "~/components/admin/styles.ts";
import { FieldError } from "~/components/form/fields.tsx";

/**
 * The rupee box for how much of a payment goes to one invoice: recording a payment and allocating an advance
 * both ask it per open invoice, with one hint for the whole list until the box has its own error.
 */
export function AllocationAmount({ name, invoiceNumber, defaultValue, error, hintId }: { name: string; invoiceNumber: string; defaultValue: string; error: string | undefined; hintId: string }) {
  return (
    <div className="w-40">
      <label htmlFor={name} className="block text-sm font-medium">
        Amount for {invoiceNumber} (₹)
      </label>
      <input
        id={name}
        name={name}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        maxLength={20}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : hintId}
        className={`${control} ${error ? "border-red-700" : ""}`}
      />
      <FieldError id={`${name}-error`} message={error} />
    </div>
  );
}
