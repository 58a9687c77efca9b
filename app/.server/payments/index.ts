/**
 * What other areas call on the payments side (issue 11 §4). Import from here rather than from the files.
 */
export { paymentLinkFor, createPaymentLink } from "./gateway/links.ts";
export { customerPayments, receiptLink, paymentByReference, type CustomerPayment } from "./view.ts";
export { recordPaymentInTx, openInvoicesOf, type NewPayment, type RecordedPayment } from "./record.ts";
export { schedulePaymentReminders, sendPaymentReminders, REMINDERS_JOB } from "./reminders.ts";
export { outstandingReport } from "./outstanding.ts";
