import { useEffect, useRef, useState } from "react";

/**
 * The customer's signature, drawn with a finger (or a mouse, or a pen) on a canvas: pointer events, a
 * white box with dark ink whatever the theme, and a Clear button. After each stroke the drawing goes into
 * the hidden field `name` as a PNG data URL, which the form posts (or the offline queue keeps). Rendered
 * only with JavaScript; without it the page offers the typed name and a code by SMS instead.
 */
export function SignaturePad({ name, labelledBy, describedBy, invalid }: { name: string; labelledBy: string; describedBy?: string; invalid?: boolean }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const [signed, setSigned] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    const field = fieldRef.current;
    if (!canvas || !field) return;
    const context = canvas.getContext("2d");
    if (!context) return;
    const paper = () => {
      context.fillStyle = "#ffffff";
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.strokeStyle = "#0f172a";
      context.lineWidth = 3;
      context.lineCap = "round";
      context.lineJoin = "round";
    };
    paper();
    let drawing = false;
    let last: { x: number; y: number } | undefined;
    // Canvas pixels for a pointer event (the canvas is scaled by CSS to the box's width).
    const point = (event: PointerEvent) => {
      const box = canvas.getBoundingClientRect();
      return { x: ((event.clientX - box.left) * canvas.width) / box.width, y: ((event.clientY - box.top) * canvas.height) / box.height };
    };
    const down = (event: PointerEvent) => {
      event.preventDefault();
      canvas.setPointerCapture?.(event.pointerId);
      drawing = true;
      last = point(event);
      context.beginPath();
      context.arc(last.x, last.y, 1.5, 0, Math.PI * 2);
      context.fillStyle = "#0f172a";
      context.fill();
    };
    const move = (event: PointerEvent) => {
      if (!drawing || !last) return;
      event.preventDefault();
      const next = point(event);
      context.beginPath();
      context.moveTo(last.x, last.y);
      context.lineTo(next.x, next.y);
      context.stroke();
      last = next;
    };
    const up = () => {
      if (!drawing) return;
      drawing = false;
      last = undefined;
      field.value = canvas.toDataURL("image/png");
      setSigned(true);
    };
    const clear = () => {
      paper();
      field.value = "";
      setSigned(false);
    };
    canvas.addEventListener("pointerdown", down);
    canvas.addEventListener("pointermove", move);
    canvas.addEventListener("pointerup", up);
    canvas.addEventListener("pointercancel", up);
    canvas.addEventListener("pointerleave", up);
    // The form was sent (or queued) and reset: a clean box for the next one.
    const form = field.form;
    form?.addEventListener("reset", clear);
    form?.addEventListener("field-queue:reset", clear);
    canvas.addEventListener("signature:clear", clear);
    return () => {
      canvas.removeEventListener("pointerdown", down);
      canvas.removeEventListener("pointermove", move);
      canvas.removeEventListener("pointerup", up);
      canvas.removeEventListener("pointercancel", up);
      canvas.removeEventListener("pointerleave", up);
      form?.removeEventListener("reset", clear);
      form?.removeEventListener("field-queue:reset", clear);
      canvas.removeEventListener("signature:clear", clear);
    };
  }, []);

  return (
    <div>
      <canvas
        ref={canvasRef}
        width={600}
        height={200}
        role="img"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        data-testid="signature-pad"
        className={`mt-2 block h-auto w-full max-w-xl touch-none rounded-md border-2 bg-white ${invalid ? "border-red-700" : "border-slate-400"}`}
      />
      {/* No value prop: React would put a hidden input's value back on every render (for type="hidden" the
          value is the default value), wiping the drawing. */}
      <input ref={fieldRef} type="hidden" name={name} />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => canvasRef.current?.dispatchEvent(new Event("signature:clear"))}
          className="h-11 rounded-md border border-slate-400 px-4 font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          Clear signature
        </button>
        <span className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
          {signed ? "Signed." : "Not signed yet."}
        </span>
      </div>
    </div>
  );
}
