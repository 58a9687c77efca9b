/**
 * The form's one-time key as a hidden field. Uncached pages pass the server's key; on cached pages (the
 * same HTML for everyone) the browser makes one when the field appears. Without JavaScript the field
 * stays empty and the server keys the submission by its content (keyFor in ~/.server/forms).
 */
export function IdempotencyKey({ value }: { value?: string }) {
  return (
    <input
      type="hidden"
      name="idempotencyKey"
      defaultValue={value ?? ""}
      ref={(input) => {
        if (input && !input.value) input.value = crypto.randomUUID();
      }}
    />
  );
}
