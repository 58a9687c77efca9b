import { z } from "zod";

/** The dashboard's one action: send a failed SMS, e-mail or scheduled job again. */
export const retryDeliverySchema = z.object({
  intent: z.literal("retry-delivery"),
  id: z.coerce.number("Choose the item to send again.").int().positive("Choose the item to send again."),
});
