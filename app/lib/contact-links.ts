/** Builders for the ways a visitor reaches the business: tel:, wa.me click-to-chat and mailto:. */

/** Prefilled text of the floating WhatsApp button (spec section 1). */
export const WHATSAPP_GREETING = "Hello, I need service for my industrial equipment. Please contact me.";

export function telHref(e164: string): string {
  return `tel:${e164.replace(/[^\d+]/g, "")}`;
}

/** https://wa.me/<digits, no +>?text=<url-encoded text> (WhatsApp click-to-chat). */
export function whatsappHref(e164: string, text: string): string {
  return `https://wa.me/${e164.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email}`;
}

/** +919000000001 -> +91 90000 00001, the way Indian mobile numbers are usually written. */
export function formatIndianPhone(e164: string): string {
  const m = /^\+91(\d{5})(\d{5})$/.exec(e164);
  return m ? `+91 ${m[1]} ${m[2]}` : e164;
}
