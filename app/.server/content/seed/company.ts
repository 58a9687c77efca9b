/**
 * Seed content for the company and policy pages of the public website: the legal pages (/privacy, /terms,
 * /return-policy), the FAQ (/faq), /about, /certifications, /careers, /training and /investors.
 * Facts about the business are limited to its stated claims (founded 2010, 15+ years, 500+ clients,
 * 40+ services, ISO 9001:2015, 24/7 emergency support, 2-4 hour response, 24-48 hour repairs, 6-month
 * warranty, workshop at Balanagar). Nothing here invents figures, names, certificate numbers or prices.
 */
import type { FaqSeed } from "./types.ts";

// ── Shapes ──────────────────────────────────────────────────────────────────

export type LegalPageSlug = "privacy" | "terms" | "return-policy";

export interface LegalPageSeed {
  slug: LegalPageSlug;
  title: string;
  /** One or two sentences for the page header and meta description (at most 160 characters). */
  summary: string;
  /** Version label of the text, an ISO date. Consent records store the privacy notice's version. */
  version: string;
  /** Markdown body with ## and ### headings. */
  body: string;
}

export type FaqGroup =
  | "Service requests"
  | "Repairs & warranty"
  | "AMC"
  | "Payments & GST"
  | "Technicians & careers"
  | "Data & privacy";

/** The order the /faq page shows its groups in. */
export const FAQ_GROUPS: readonly FaqGroup[] = [
  "Service requests",
  "Repairs & warranty",
  "AMC",
  "Payments & GST",
  "Technicians & careers",
  "Data & privacy",
];

export interface GroupedFaqSeed extends FaqSeed {
  group: FaqGroup;
}

export interface CompanyValue {
  title: string;
  /** One or two plain sentences. */
  description: string;
}

export interface AboutPageSeed {
  /** Markdown. */
  intro: string;
  /** Markdown: the company's story since 2010. */
  history: string;
  /** Markdown: the Balanagar workshop and what it can test. */
  workshop: string;
  values: CompanyValue[];
  /** Industries the company serves, as short labels. */
  industries: string[];
}

export interface CertificationsPageSeed {
  title: string;
  /** At most 160 characters. */
  summary: string;
  /** The standard the certificate is issued against. */
  standard: string;
  /** Markdown body. */
  body: string;
}

export type EmploymentType = "Full-time" | "Part-time" | "Contract" | "Apprenticeship";

export interface CareerOpeningSeed {
  slug: string;
  title: string;
  location: string;
  type: EmploymentType;
  /** e.g. "3-6 years" or "Freshers". */
  experience: string;
  /** One or two sentences. */
  summary: string;
  responsibilities: string[];
  requirements: string[];
}

export type TrainingMode = "Classroom at Balanagar" | "On-site";

export interface TrainingCourseSeed {
  slug: string;
  title: string;
  durationDays: number;
  mode: TrainingMode;
  /** Who the course is for. */
  audience: string;
  prerequisites: string;
  /** Day by day ("Day 1: ...") or module by module. */
  syllabus: string[];
  /** What a participant can do at the end. */
  outcomes: string[];
}

export interface InvestorsPageSeed {
  title: string;
  /** At most 160 characters. */
  summary: string;
  /** Markdown body. */
  body: string;
}

// ── Legal pages ─────────────────────────────────────────────────────────────

const privacyNotice = `This notice explains what personal data Deccan Automation Services collects through this website, its forms and its customer and technician portals, why we collect it, how long we keep it, and how you can exercise your rights. It is written for the Digital Personal Data Protection Act, 2023 (the "Act") and the Digital Personal Data Protection Rules, 2025 (the "Rules"). Several obligations in the Rules come into force in phases up to May 2027; we follow them now.

## Who we are

**Deccan Automation Services** is the Data Fiduciary for the personal data described here: we decide why and how it is processed.

- Registered address: Industrial Development Area, Balanagar, Hyderabad, Telangana 500037, India
- E-mail: support@example.com
- Questions and complaints about personal data: **Grievance Officer, Deccan Automation Services**, at the same e-mail address (please write "Data protection" in the subject line) or by post to the registered address.

The Grievance Officer is a role in our office, not an outside agency. Whoever holds the role answers questions about this notice and handles requests and grievances under the Act.

If you would like this notice in Telugu, Hindi or another language listed in the Eighth Schedule to the Constitution, write to us and we will provide it.

## What we collect, and why

We collect only what we need for the purpose stated at the point of collection. Each form on this website shows a short notice and a consent check box that links to this page; we record your consent together with the version of this notice you were shown.

### Service request form (/request)

| Data | Why we need it |
|---|---|
| Name and mobile number | To call you back, send job status updates by SMS or WhatsApp, and identify your requests when you sign in |
| E-mail address (optional) | To send quotations, service reports and tax invoices |
| Company name and GSTIN (if you give it) | To quote and invoice the right legal entity, and to show your GSTIN on the tax invoice so you can claim input tax credit |
| Site address | To send an engineer, plan travel and decide the place of supply for GST |
| Equipment details (make, model, rating, serial number, fault code, description of the fault) | To diagnose the fault, bring the right spares and test equipment, and quote |
| Photos you upload | To see the nameplate, the fault display, the panel or the damage before we arrive |

Please photograph the equipment, not people. If a photo shows a person's face or a document that is not needed, we crop or delete it.

### Technician registration (/technician/register)

Name, mobile number, e-mail address, address, trade qualifications, skills, experience and an **identity proof** (for example a PAN card, driving licence, voter ID or a masked Aadhaar card). We use these to assess whether we can engage you for field work and to verify your identity before you are sent to a customer's plant, where site security requires it.

If you use Aadhaar, upload the **masked Aadhaar** that UIDAI provides (only the last four digits of the number are visible). We do not need the full Aadhaar number and we do not store it.

If we engage you, we will collect further details such as bank account and PAN for payments and tax deduction at that stage, with a separate notice.

### Job applications (/careers)

Name, mobile number, e-mail address, the opening you apply for and your **CV** (and anything you choose to include in it). We use them to assess your application, contact you for interviews and, if you agree, to consider you for other openings.

### Signing in (/customer/login, /technician/login)

Your **mobile number** and the **one-time codes** we send to it by SMS. We use them only to confirm that you control the number and to keep you signed in. We store a one-way hash of each code, never the code itself, and it stops working within minutes. We also record each sign-in attempt (number, time, result, IP address) to detect misuse.

### Contact, training and investor enquiries

Name, mobile number, e-mail address, company and your message. We use them to reply to you and, for training, to arrange the course you asked about.

### Cookies and browser storage

- **A session cookie**, set only when you sign in, so that the portal knows it is you on each page. It is strictly necessary for the portal and is removed when you sign out or the session expires.
- **A theme preference** (light, dark or system) stored in your browser's localStorage under the key "theme". It never leaves your device.

We do not use advertising cookies, third-party tracking pixels or cross-site trackers, and we do not sell or rent personal data.

### Server and security logs

Like any web server, ours records technical details of each request (IP address, time, page requested, browser type). We use these logs only to keep the service secure and working.

## Legal basis for processing

- **Consent (section 6 of the Act).** For the forms above, you give consent by ticking the check box after reading the short notice. Consent covers only the purposes listed for that form.
- **Certain legitimate uses (section 7 of the Act).** Where you voluntarily give us your data for a specified purpose and have not told us that you object, such as calling our emergency line and giving your site address for a breakdown visit, we may process it for that purpose (section 7(a)). We may also process personal data to meet a legal obligation to disclose information to the State, to comply with a judgment, decree or order (section 7(d) and (e)), or to respond to a medical emergency that threatens someone's life or health, for example an accident during work at a site (section 7(f)).
- **Retention required by law.** When you withdraw consent or a purpose is served, we erase the data unless a law requires us to keep it (section 8(7)). The main example is tax records, explained below.

We send service messages only: call-backs, job status, quotations, invoices and warranty reminders. We will not send promotional messages unless you give separate consent for them.

## Who we share personal data with

We do not share your data with anyone who does not need it for the purposes above. The following **Data Processors** act on our instructions, under written contracts that require reasonable security safeguards:

- **SMS providers** registered on the TRAI DLT platform, to deliver one-time codes and job status messages;
- **E-mail service providers**, to deliver quotations, reports and invoices;
- **Hosting and backup providers**, who run the servers and store the database and uploaded files;
- **A payment gateway**, only if you choose to pay online. We never receive your card number or UPI PIN.

If you message us on WhatsApp, WhatsApp's own terms and privacy policy also apply to that conversation.

Within our company, field engineers see the contact details, site address and equipment details of the jobs assigned to them, and no others. We also share data when the law requires it, for example with tax authorities during a GST assessment.

## Where your data is stored

Our database, uploaded files and backups are kept on servers in India wherever a suitable provider is available. Some service providers, such as e-mail providers, may process data outside India. Section 16 of the Act allows this except to countries the Central Government restricts by notification, and we do not transfer data to any such country.

## How long we keep it

| Category | How long | Why |
|---|---|---|
| Service requests that became jobs: job cards, photos, quotations, service reports, tax invoices, warranty records | At least six years: until 72 months after the due date of the GST annual return for the financial year the records relate to; longer if an appeal, investigation or other proceeding on them is pending | Section 36 of the CGST Act, 2017 and Chapter VII of the CGST Rules (rule 56 onwards) |
| Service requests that did not become a job | 12 months from your last contact | To answer follow-up questions about the request |
| Customer portal account (mobile number, contact details) | Until you ask us to close it, or 36 months after your last sign-in or job, whichever is earlier; job records are then kept only for the tax period above | To give you access to your requests |
| Technician registrations that did not lead to an engagement | 12 months from registration | To consider you when work becomes available |
| Identity proof uploaded at registration | Deleted within 30 days after verification; we keep only a note of the document type and the date it was checked | Identity verification only |
| Records of engaged technicians | For the engagement and afterwards for the period tax and labour laws require | Payments, tax deduction and statutory records |
| CVs and applications that were unsuccessful | 12 months from the decision, unless you ask us to delete them earlier | To consider you for similar openings |
| CVs of people who join us | Moved to the personnel file and kept for the period employment and tax laws require | Employment records |
| One-time codes | A one-way hash only, deleted within 24 hours of being issued | To complete the sign-in |
| Sign-in records and server logs | One year | Rule 6(1)(e) of the Rules requires logs to be kept for one year to detect and investigate unauthorised access |
| Contact, training and investor enquiries | 12 months after our last reply, unless they lead to a contract | To answer follow-up questions |
| Consent records | As long as the data they cover is kept, and one year after | To show that consent was given, as section 6(10) requires |

When a retention period ends, we delete the data from our systems. Backups are overwritten on their normal cycle.

## Your rights

As a Data Principal you have these rights under the Act:

- **Access (section 11):** a summary of the personal data we process about you and the processing we carry out, and the identities of other Data Fiduciaries and Data Processors we have shared it with, with a description of what was shared.
- **Correction and erasure (section 12):** to have inaccurate or misleading data corrected, incomplete data completed, out-of-date data updated, and data erased when it is no longer needed for the purpose it was given for, unless a law requires us to keep it.
- **Grievance redressal (section 13):** to have a complaint about our handling of your data answered by us.
- **Nomination (section 14):** to nominate another individual who can exercise your rights if you die or become unable to do so because of unsoundness of mind or infirmity of body.

### How to exercise them

- **In the customer portal (/customer/mobile):** sign in with your mobile number to see your requests and the contact details we hold, correct them, or ask for erasure.
- **By e-mail to support@example.com** (subject "Data protection") or **by post** to the Grievance Officer at the registered address. To help us find your records, include your registered mobile number and, if you have one, a job card or request number. For nominations, give the nominee's name and contact details.

We verify your identity before we act, usually by a one-time code sent to the mobile number on record, so that no one else can see or change your data. We acknowledge requests promptly, aim to complete them within 30 days, and in any case answer grievances within the 90-day period the Rules allow. If we cannot do what you ask, for example because tax law requires us to keep an invoice, we tell you why.

### Withdrawing consent

You can withdraw consent as easily as you gave it: in the customer portal, by replying to any of our e-mails, or by writing to support@example.com. Once you withdraw, we stop processing the data for that purpose within a reasonable time and ask our Data Processors to stop too, except where a law requires us to keep it. Withdrawal does not affect processing done before it. If you withdraw consent for a job in progress, we may not be able to complete that job.

You may also give, manage, review or withdraw consent through a Consent Manager registered with the Data Protection Board, once such services are available.

### Your duties

Section 15 of the Act asks Data Principals not to impersonate anyone, not to suppress material information when providing data for an official document, not to register false or frivolous grievances, and to give only verifiably authentic information when asking for a correction or erasure.

## Children's data

Our services are meant for businesses and adults. We do not knowingly collect personal data of anyone under 18 without the verifiable consent of a parent or lawful guardian, as section 9 requires. Where an apprenticeship applicant is under 18, we ask for that consent before we process the application. We do not track, monitor the behaviour of, or target advertising at children. If we find that we hold a child's data without that consent, we delete it.

## Security safeguards

In line with section 8(5) of the Act and rule 6 of the Rules, we:

- encrypt connections to this website (HTTPS) and encrypt stored identity proofs and CVs;
- use one-time codes instead of passwords, and give staff access only to the data their work needs;
- keep access logs and review them for unauthorised access;
- keep backups so that data can be restored after a failure;
- require our Data Processors, by contract, to keep reasonable security safeguards;
- train staff who handle personal data and bind them to confidentiality.

No system is completely secure. If you think your account or data has been misused, tell us at once.

## Personal data breaches

If a personal data breach occurs, we will:

1. inform **each affected person** without delay, by SMS or e-mail, in plain language: what happened (its nature, extent, timing and location), the likely consequences for you, what we have done to limit them, what you can do to protect yourself, and whom to contact;
2. inform the **Data Protection Board of India** without delay, and send it a **detailed report within 72 hours** of becoming aware of the breach (or any longer period the Board allows): the facts and circumstances, the measures taken to limit it, what we know about who caused it, the steps taken to prevent it happening again, and a report on the messages sent to affected people;
3. report cyber security incidents to CERT-In within six hours, as its directions of April 2022 require.

## Complaining to the Data Protection Board of India

Please write to our Grievance Officer first: section 13(3) of the Act asks you to use our grievance process before going to the Board. If you are not satisfied with our answer, or we do not answer in time, you can complain to the **Data Protection Board of India**, which works as a digital office and accepts complaints online through the facility it publishes. An order of the Board can be appealed to the Telecom Disputes Settlement and Appellate Tribunal within 60 days.

## Changes to this notice

We review this notice when our forms, providers or the law change. The version date at the top shows which text is in force. When we make a material change, we show the new notice on the next form you use and, where the change affects data we already hold, we tell you by SMS or e-mail and ask for fresh consent if it is needed. Earlier versions are available on request.
`;

const termsAndConditions = `These terms apply to repair, service, installation, commissioning and breakdown work done by **Deccan Automation Services** ("we", "us") for a customer ("you"), in our Balanagar workshop or at your site. A signed contract, purchase order or annual maintenance contract (AMC) schedule that we have accepted in writing overrides these terms where the two differ.

## 1. Service requests and job cards

1.1 You can raise a request through /request, by phone, by e-mail or on WhatsApp. A request is not an order: the work starts only as described in sections 4 and 5.

1.2 Every unit received at our workshop is given a **job card** with a unique number. The job card records the make, model and serial number, the fault you reported, its visible condition, and the accessories received with it (keypad, covers, option cards, cables, memory cards). Please tell us about every accessory; we cannot be responsible for items not listed on the job card.

1.3 Quote the job card number in every message about the unit. It is also shown in the customer portal (/customer/mobile).

## 2. Inspection and diagnosis charges

2.1 Diagnosing a fault takes a technician's time and test equipment. An **inspection charge** applies to every unit we open and test, whether or not you go ahead with the repair. We tell you the amount when we accept the unit.

2.2 If you approve the repair, the inspection charge is adjusted against the repair bill unless the quotation says otherwise.

2.3 For site visits, the visit charge covers travel and the engineer's time on site and is payable whether or not the fault can be cleared in that visit. The indicative charges on this website (for example ₹2,500-15,000 for automation work and ₹5,000-50,000 for emergency work) are a guide to the usual range, not a quotation.

## 3. Quotations

3.1 After diagnosis we send a written quotation listing the faults found, the parts to be replaced, labour, taxes and the expected turnaround.

3.2 A quotation is valid for **30 days** from its date unless it states otherwise. Prices of imported components such as IGBT modules, control boards and encoders change with supplier prices and exchange rates; if a part's price has changed when you approve, we confirm the new price before ordering it.

3.3 A quotation is based on the faults found when the unit was tested. A fault hidden behind another one (for example, a control board that can be tested only once the power section is repaired) may come to light later; see 4.2.

## 4. Your approval before repair

4.1 We do not start a repair or replace a part until you approve the quotation in writing: in the customer portal, by e-mail, on WhatsApp from the number on record, or by purchase order.

4.2 If further faults come to light during the repair, we stop and send a revised quotation. We do not exceed an approved amount without your further approval.

4.3 If you decline the quotation, we return the unit reassembled as far as is practical, on payment of the inspection charge.

## 5. Turnaround

5.1 Most drive and electronic repairs are completed within **24-48 hours** of your approval when the parts are in stock. Parts that have to be procured, long burn-in tests and large units take longer; the quotation gives the estimate for your unit.

5.2 For breakdown calls, an engineer responds within 2-4 hours, 24 hours a day. How soon the engineer can be at your site depends on its distance from Hyderabad and on travel conditions; we confirm the expected arrival time when you call.

5.3 Turnaround times are estimates, not guaranteed delivery dates. If a job will take longer than estimated, we tell you as soon as we know, with the reason and a new date.

## 6. Units that cannot be repaired economically

If a unit is beyond economic repair, or its parts are no longer available, we tell you with the reason and, where useful, suggest a replacement or a retrofit (see /services/panel-retrofit). The inspection charge applies. If you do not want the unit back, you can authorise us in writing to dispose of it as e-waste through an authorised recycler.

## 7. Programs, parameters and data in your equipment

7.1 PLC programs, HMI projects, drive parameter sets and CNC data belong to you or to your machine builder. Please keep up-to-date backups before handing over equipment or allowing work on it. Replacing a control board or memory, or resetting a unit to factory settings during repair, can erase its contents.

7.2 Where the unit allows it, we read out and save the parameters or program before starting, and restore them after repair. We are not responsible for programs or data that could not be read out, or that were protected by passwords you did not give us.

7.3 We do not copy or reuse your programs for any other purpose, and we use only software licensed to us or to you.

## 8. Warranty on repairs

8.1 Repairs carry a **6-month warranty** from the date of the tax invoice. It covers the **components we replaced** and our **workmanship** on the repair. Parts of the unit that we did not repair or replace are not covered, because they can fail on their own.

8.2 Under warranty, we repair the same fault again at no charge for parts or labour, normally in our workshop. If we cannot repair it, we refund the repair charge for that job (see /return-policy).

8.3 The warranty is **void** if the failure is caused by:

- supply disturbances: surges, lightning, sustained over-voltage or under-voltage, single phasing, or a burnt power section traced to the supply;
- water, moisture, oil, conductive dust or chemical ingress, or condensation from operating outside the rated environment;
- tampering: a broken warranty seal, or repair or modification by anyone other than us;
- wrong installation: for example mains connected to the motor terminals (U, V, W), a missing or poor protective earth, incorrect cable size or type, a missing braking resistor or one of the wrong value, a motor cable longer than the manufacturer allows without an output reactor or dv/dt filter, or insulation testing with a megger while the drive is still connected;
- operation outside the unit's rating (overload beyond its duty, wrong motor data, blocked ventilation), mechanical damage, or damage in transit arranged by you.

8.4 A warranty claim must be made within the warranty period, as described in /return-policy, with the job card or invoice number.

## 9. Payment terms

9.1 Unless we have agreed credit terms with you in writing, repaired units are released and site work is closed on payment of the invoice. For parts we must buy specially for your job, we may ask for an advance, stated in the quotation.

9.2 For customers with agreed credit terms, invoices are payable within the period stated on the purchase order or contract we accepted.

9.3 You can pay by bank transfer (NEFT, RTGS or IMPS), UPI or cheque. Please quote the invoice number as the payment reference. We do not accept cash above the limits set by income-tax law.

9.4 If you deduct tax at source, send us the TDS certificate for the amount deducted.

9.5 Under section 170 of the Indian Contract Act, 1872, we may keep a repaired unit until the charges for the work done on it are paid.

## 10. GST and tax invoices

10.1 All prices are exclusive of GST. GST is charged at the rates applicable on the date of supply: currently 18% on most repair and maintenance services (SAC heading 9987), and the rate for each spare part's HSN code on parts supplied.

10.2 We are registered in Telangana. CGST and SGST apply when the place of supply is in Telangana, and IGST when it is in another state, as the IGST Act, 2017 provides.

10.3 Give us your correct GSTIN, legal name and billing address before we raise the invoice, so that you can claim input tax credit. We issue credit or debit notes for corrections as the CGST Act allows.

## 11. Collection, delivery and transit

11.1 Units sent to us by courier or transporter travel at your risk until we receive them, and units returned to you travel at your risk once handed to the carrier you nominated. Pack drives in their original carton or with firm padding, with terminal covers fitted, and do not ship a drive with heavy items attached to it.

11.2 We note any visible transit damage on the job card when we receive a unit and tell you about it.

## 12. Unclaimed equipment

12.1 When a unit is repaired, or you have declined repair, we notify you that it is ready for collection.

12.2 If the unit is not collected and paid for within **30 days** of that notice, we send a second written notice to your registered e-mail and mobile number. We may charge reasonable storage from that date.

12.3 If the unit is still not collected **90 days** after the first notice, we may sell it or dispose of it as e-waste through a recycler authorised under the E-Waste (Management) Rules, 2022, and set any proceeds against the amount due to us. Any balance of the proceeds is yours on request.

## 13. On-site work and safety

13.1 Our engineers follow the Central Electricity Authority (Measures relating to Safety and Electric Supply) Regulations, 2023, the safe working practices of IS 5216, and your plant's own safety rules.

13.2 Before we work on your equipment, you will:

- issue a **permit to work** signed by your authorised person, naming the equipment and the isolation points;
- **isolate and lock out** the supply and apply your tag (**LOTO**); our engineer applies a personal lock and tag as well, and proves the circuit dead before starting. For drives, the engineer waits for the DC bus to discharge for the time printed on the drive's warning label and measures the DC bus voltage before touching the power section;
- tell us about hazards at the site: hazardous-area zones, chemicals, stored energy (pneumatic, hydraulic, gravity, springs), work at height and confined spaces;
- give the site induction and access that your rules require.

13.3 Measurements on live equipment are made only when diagnosis needs them, with your permission, with suitable PPE and insulated tools, and never alone.

13.4 Our engineer may refuse to start or may stop work that is unsafe. Waiting time caused by the absence of a permit, isolation or access is charged as site time.

## 14. Annual maintenance contracts

The visits, response times, inclusions and exclusions of an AMC are set out in its contract schedule. These terms apply to anything the schedule does not cover.

## 15. Limitation of liability

15.1 We are not liable for indirect or consequential loss, including loss of production, loss of profit, loss of contracts, or damage to products in process, however caused.

15.2 Our total liability for any claim arising from a job is limited to the amount paid for that job.

15.3 Nothing in these terms limits liability for death or personal injury caused by our negligence, for fraud, or for anything else that cannot be limited under Indian law.

## 16. Events beyond our control

We are not liable for delay caused by events beyond our reasonable control, such as natural disasters, epidemics, strikes, government orders, disruption of transport, or a manufacturer's failure to supply parts. We tell you of the delay and resume as soon as we can.

## 17. Confidentiality

We treat drawings, programs, process information and anything we learn about your plant as confidential, and use them only for your work.

## 18. Governing law and courts

These terms are governed by the laws of India. The courts at **Hyderabad, Telangana** have exclusive jurisdiction over any dispute arising from them or from our work.

## 19. Changes to these terms

We may update these terms. The version in force on the date you approve a quotation applies to that job. For questions, write to support@example.com or see /contact.
`;

const returnPolicy = `This policy covers two cases: a **repaired unit** that fails under warranty, and **spare parts** bought from us. Our repair and service terms are at /terms.

## Repaired units: warranty claims

Repairs carry a 6-month warranty from the date of the tax invoice, covering the components we replaced and our workmanship (see section 8 of /terms for what is covered and what voids it).

### How to claim

1. **Tell us before removing the unit**, if you can: raise a warranty claim in the customer portal (/customer/mobile) or e-mail support@example.com with the job card or invoice number.
2. Include the fault code or symptom, the drive's fault history if it has one, when the failure happened, and photographs of the installation: supply and motor terminals, earthing, cable glands and the inside of the panel. These often show the cause at once.
3. We may ask an engineer to inspect the installation on site before the unit is removed, particularly if the same unit has failed more than once.
4. Send the unit to our Balanagar workshop with the job card number marked on the packing.

### What happens next

- We inspect and test the unit and tell you whether the failure is covered, normally within 2 working days of receiving it.
- **If it is covered**, we repair it at no charge for parts or labour, load-test it and return it at our cost for freight. If we cannot repair it, we refund the repair charge you paid for that job (the original inspection charge is not refunded).
- **If it is not covered** (for example, a supply surge or water ingress), we show you the evidence, with photographs of the damaged parts, and send a quotation for the repair. Inspection charges for non-warranty failures apply as for any other repair.
- Site visits made for a warranty claim are free when the failure is covered. If the cause turns out to be outside the warranty, the visit is charged at our normal rates.

The warranty on a unit repaired again under warranty runs until the end of the original 6-month period.

Repair charges are payments for work done and are not refundable, other than under the warranty as described above.

## Spare parts

### Parts you can return

You can return a spare part bought from us **within 7 days of delivery** if:

- it is unused, not installed and not powered;
- it is in its original packing, with seals, labels and anti-static bags intact;
- you send the tax invoice number with it.

### Parts we cannot take back

- **Electronic parts once installed or powered**: IGBT and diode modules, thyristors, gate driver and control boards, power supply boards, encoders, HMI panels, PLC modules, capacitors and similar parts. Once fitted they can be damaged by static discharge or by a fault elsewhere in the equipment, and we cannot resell them as new.
- Parts opened from anti-static packing outside an ESD-safe area.
- Parts ordered specially for you or imported against your order, unless the supplier accepts them back.
- Cable cut to length, and consumables such as fuses, filters, grease and carbon brushes once opened.
- Parts with firmware or parameters loaded for your application.

### Wrong or faulty parts

If we supplied the wrong part, or a part is faulty on arrival, tell us **within 7 days of delivery**. We replace it or refund it, and we pay the freight both ways. A part that fails after installation is covered by the manufacturer's warranty, where there is one; we help you make the claim.

### Returning a part

E-mail support@example.com with the invoice number, the part and the reason before sending it. Unless the return is because of our error, you pay the freight for sending it back to us.

## Refunds

- We inspect returned parts within 2 working days of receiving them and tell you whether the return is accepted.
- Accepted refunds are paid within **7 working days** of acceptance, to the account or UPI ID the payment came from: bank transfer for bank payments, and back to the source for payments made through a payment gateway.
- For a returned part, we issue a GST **credit note** under section 34 of the CGST Act, 2017, so that the tax on the original invoice is reversed. We do not refund in cash.

## Cancelling a service request

You can cancel a site visit without charge until the engineer has left for your site. After that, the visit charge applies. You can withdraw a unit from the workshop at any time before approving the repair, on payment of the inspection charge.

## Questions

Write to support@example.com or call the number at /contact, quoting your job card or invoice number.
`;

export const legalPages: LegalPageSeed[] = [
  {
    slug: "privacy",
    title: "Privacy Notice",
    summary:
      "What personal data Deccan Automation Services collects, why, how long it is kept, and how to use your rights under the DPDP Act 2023.",
    version: "2026-11-01",
    body: privacyNotice,
  },
  {
    slug: "terms",
    title: "Terms and Conditions for Repair and Service Work",
    summary:
      "Quotations, inspection charges, approval, turnaround, the 6-month repair warranty, payment, GST, site safety and liability.",
    version: "2026-11-01",
    body: termsAndConditions,
  },
  {
    slug: "return-policy",
    title: "Return Policy",
    summary:
      "How to claim under the repair warranty, which spare parts can be returned within 7 days, and how and when refunds are paid.",
    version: "2026-11-01",
    body: returnPolicy,
  },
];

// ── FAQ ─────────────────────────────────────────────────────────────────────

export const faqs: GroupedFaqSeed[] = [
  // Service requests
  {
    group: "Service requests",
    question: "How do I request service?",
    answer:
      "Fill in the form at /request, call the number at /contact, or message us on WhatsApp. For a breakdown, phone us: the line is answered 24 hours a day.\n\nTell us the equipment (make, model and rating), what it is doing, any fault code on the display, and the site address. A photo of the nameplate and the fault display saves time.",
  },
  {
    group: "Service requests",
    question: "How quickly can an engineer reach our plant?",
    answer:
      "An engineer responds to a breakdown call within 2-4 hours, and under 2 hours on average, at any time of day. How soon the engineer can be on site depends on the distance from Hyderabad; we confirm the expected arrival time when you call. Often the first response is a call from an engineer who can help you recover the machine, or narrow down the fault, before travelling.",
  },
  {
    group: "Service requests",
    question: "Do you work outside Hyderabad?",
    answer:
      "Yes. We attend plants across Telangana and Andhra Pradesh and take work from all over India. Units from distant sites can be sent to our Balanagar workshop by courier or transporter; for site work further away we plan the visit with you, including travel time.",
  },
  {
    group: "Service requests",
    question: "What information helps you diagnose a drive fault before the visit?",
    answer:
      "The drive's make, model and rating plate; the fault code and, if the keypad shows it, the fault history; when it trips (at start, during acceleration, at full speed, when stopping); what changed recently (motor rewound, cable replaced, new parameters); and the motor nameplate.\n\nFault codes differ between makes and series, so quote them exactly as shown. Our fault code tables at /technical-data cover the common ones.",
  },
  {
    group: "Service requests",
    question: "Can we send a faulty unit to your workshop instead of calling an engineer?",
    answer:
      "Yes. Pack the unit in its original carton or with firm padding, fit the terminal covers, and include a note with your company name, contact number, the fault and any fault code. Send the keypad and option cards only if they are suspected. We create a job card when it arrives and send you its number.",
  },
  {
    group: "Service requests",
    question: "What do the indicative charges on the website cover?",
    answer:
      "They show the usual range for a category of work, for example ₹2,500-15,000 for automation work and ₹5,000-50,000 for emergency work. The actual charge depends on the fault, the parts needed and, for site work, travel and time on site. We always send a written quotation and start a repair only after you approve it (see /terms).",
  },

  // Repairs & warranty
  {
    group: "Repairs & warranty",
    question: "How long does a drive repair take?",
    answer:
      "Most drive and electronic repairs are completed within 24-48 hours of your approval when the parts are in stock. Units that need imported parts, or large drives that need a long load test, take longer; the quotation gives the estimate for your unit, and we tell you at once if it changes.",
  },
  {
    group: "Repairs & warranty",
    question: "What does the 6-month repair warranty cover?",
    answer:
      "The components we replaced and our workmanship on the repair, for 6 months from the date of the tax invoice. If the same repair fails in that period, we repair it again at no charge for parts or labour. Parts of the unit that we did not repair or replace are not covered. Claims are explained at /return-policy.",
  },
  {
    group: "Repairs & warranty",
    question: "What voids the warranty?",
    answer:
      "Damage from supply surges, lightning or single phasing; water, moisture, oil or conductive dust getting in; a broken warranty seal or repair by someone else; and wrong installation, such as mains connected to the motor terminals, a poor earth, a braking resistor of the wrong value, or insulation testing with the drive still connected. The full list is in section 8 of /terms.",
  },
  {
    group: "Repairs & warranty",
    question: "Can you repair drives and PLCs the manufacturer no longer supports?",
    answer:
      "Often, yes. Many obsolete drives use power devices and components that are still available, and we repair at component level rather than swapping boards. When a part cannot be found or the repair is not economic, we tell you and suggest a replacement or a retrofit (see /services/panel-retrofit), including transferring parameters to the new drive.",
  },
  {
    group: "Repairs & warranty",
    question: "Will the parameters in our drive or the program in our PLC be lost?",
    answer:
      "They can be, if a control board or memory has to be replaced, so keep a current backup. Where the unit allows it, we read out and save the parameters or program before starting and restore them afterwards. If your program is password-protected, tell us who can provide access.",
  },
  {
    group: "Repairs & warranty",
    question: "How do you test a repaired drive before it is returned?",
    answer:
      "On our test bench, with a motor and a load, not just powered up on the bench. We check the DC bus, output currents and voltages on all three phases, braking if fitted, and operation across the speed range, then run a burn-in test before dispatch. The service report lists the parts replaced and the tests done.",
  },

  // AMC
  {
    group: "AMC",
    question: "What does an annual maintenance contract include?",
    answer:
      "Planned preventive maintenance visits at an agreed frequency, a checklist for each type of equipment (drives, PLC panels, MCCs, motors), a written report after every visit, and priority response to breakdowns. The equipment list, visit frequency and response times are written into the contract schedule. See /services/amc.",
  },
  {
    group: "AMC",
    question: "Can one AMC cover equipment from several makes?",
    answer:
      "Yes. Most plants have drives, PLCs and HMIs from several makes, for example Siemens PLCs with ABB and Danfoss drives. The contract lists each item by make, model and location, so that the engineer arrives with the right software, cables and spares.",
  },
  {
    group: "AMC",
    question: "Are spare parts included in an AMC?",
    answer:
      "Only if the contract says so. A labour-only AMC covers visits and labour, and parts are quoted separately when needed. A comprehensive AMC includes the parts listed in the contract. Consumables such as cooling fans, filters and fuses are usually listed separately; the schedule states exactly what is included.",
  },

  // Payments & GST
  {
    group: "Payments & GST",
    question: "What GST do you charge?",
    answer:
      "GST at the rate in force on the date of supply: currently 18% on most repair and maintenance services (SAC heading 9987), and the rate for each part's HSN code on parts supplied. We are registered in Telangana, so CGST and SGST apply when the place of supply is in Telangana and IGST when it is in another state.",
  },
  {
    group: "Payments & GST",
    question: "Can we claim input tax credit on your invoices?",
    answer:
      "Yes, if you are GST-registered and give us your GSTIN, legal name and billing address before we invoice. Our tax invoices show your GSTIN, the SAC or HSN code for each line, the place of supply, and each tax separately.",
  },
  {
    group: "Payments & GST",
    question: "How can we pay?",
    answer:
      "By bank transfer (NEFT, RTGS or IMPS), UPI or cheque. Please quote the invoice number as the payment reference so that we can match the payment to the job. Repaired units are released on payment unless you have agreed credit terms with us.",
  },
  {
    group: "Payments & GST",
    question: "Do we need to issue a purchase order before you start?",
    answer:
      "For a repair we need your written approval of the quotation. A purchase order is the usual way, but approval in the customer portal, by e-mail or on WhatsApp from the number on record is also accepted. For AMCs and projects we work against a purchase order or a signed contract.",
  },

  // Technicians & careers
  {
    group: "Technicians & careers",
    question: "How do I register as a technician?",
    answer:
      "Register at /technician/register with your mobile number, skills, experience and an identity proof. If you use Aadhaar, upload the masked Aadhaar, which shows only the last four digits. We verify your details and contact you when there is work that matches your skills.",
  },
  {
    group: "Technicians & careers",
    question: "What jobs are open and how do I apply?",
    answer:
      "Current openings are listed at /careers, with the responsibilities and requirements of each. Apply with your CV through the form on that page. We acknowledge every application, and keep unsuccessful applications for 12 months in case a similar opening comes up, unless you ask us to delete yours.",
  },
  {
    group: "Technicians & careers",
    question: "Do you take apprentices or freshers?",
    answer:
      "Yes. We take ITI Electrician and Electronics Mechanic apprentices, who learn in our Balanagar workshop and on customer sites under a senior engineer. See the apprentice opening at /careers.",
  },
  {
    group: "Technicians & careers",
    question: "Do you train our own maintenance staff?",
    answer:
      "Yes. We run practical courses on VFDs, Siemens and Allen-Bradley PLCs, HMI/SCADA, electrical maintenance and safety, and motor maintenance, either in our Balanagar classroom with training kits or at your plant on your own equipment. See /training.",
  },

  // Data & privacy
  {
    group: "Data & privacy",
    question: "What personal data does the service request form collect, and why?",
    answer:
      "Your name, mobile number, e-mail, company, site address, equipment details and any photos you upload. We use them to contact you, send an engineer, diagnose the fault, quote and invoice. The privacy notice at /privacy lists each form, the purpose of each item and how long it is kept.",
  },
  {
    group: "Data & privacy",
    question: "How can I see, correct or delete my data?",
    answer:
      "Sign in to the customer portal at /customer/mobile with your mobile number to see and correct your details and ask for erasure, or e-mail support@example.com with \"Data protection\" in the subject. Invoices and job records must be kept for the period GST law requires, so these are erased only after that period.",
  },
  {
    group: "Data & privacy",
    question: "Do you use tracking cookies?",
    answer:
      "No. The site uses a session cookie only when you sign in, and stores your light or dark theme choice in your browser. There are no advertising cookies or third-party trackers.",
  },
  {
    group: "Data & privacy",
    question: "Whom do I contact with a privacy complaint?",
    answer:
      "The Grievance Officer, Deccan Automation Services, at support@example.com or at our registered address in Balanagar, Hyderabad. If you are not satisfied with our answer, you can complain to the Data Protection Board of India, as explained at /privacy.",
  },
];

// ── About ───────────────────────────────────────────────────────────────────

export const aboutPage: AboutPageSeed = {
  intro: `**Deccan Automation Services** repairs and maintains the electrical and automation equipment that keeps production lines running: AC, DC and servo drives, PLCs, HMIs and SCADA systems, control panels, motors and CNC machines. We have worked from Hyderabad since 2010 and serve plants across India.

Our engineers attend breakdowns 24 hours a day, with a response within 2-4 hours. Units that need component-level repair come to our workshop in the Balanagar industrial area, where most repairs are completed within 24-48 hours and load-tested before they go back. Every repair carries a 6-month warranty, and our quality management system is certified to ISO 9001:2015.

Beyond repair, we take on annual maintenance contracts, control panel building, retrofits, energy audits, training for maintenance teams, and technical manpower for shutdowns and projects: more than 40 services in all. See /services for the full list, or /request to raise a job.`,

  history: `## How we started

Deccan Automation Services began in 2010 as a drive repair shop in Hyderabad. Plants in the city's industrial belt had a growing number of variable frequency drives, and when one failed the usual options were to wait for the manufacturer's service team or replace the whole unit. We set out to repair drives at component level, quickly, and to explain what had failed and why.

## Growing with our customers

The customers who sent us drives soon asked for help with the rest of the control system: the PLC that stopped communicating, the HMI with a dead touch screen, the panel that needed rewiring after a retrofit. Over the years the work widened from drive repair to PLC, HMI and SCADA programming and repair, servo and CNC systems, control panel fabrication, motor repair and preventive maintenance under annual contracts.

Breakdowns do not keep office hours, so we set up round-the-clock emergency support. As the workload grew, we set up our workshop in the Balanagar industrial area and equipped it to test repaired units under load rather than just powering them up. We then built a quality management system around the way we already worked, with a job card and test record for every unit, and had it certified to ISO 9001:2015.

## Where we are today

After more than 15 years we have worked for over 500 clients, from single-machine workshops to large continuous-process plants in pharmaceuticals, steel, cement, packaging, textiles, food and chemicals. We offer more than 40 services, and we train maintenance teams as well as our own engineers, because a plant that understands its own equipment has fewer breakdowns.`,

  workshop: `Our workshop in the Balanagar industrial area, Hyderabad, is where units are diagnosed and repaired at component level and tested before they go back to a plant.

### Drive test bench with motors and load

Repaired drives are run on induction motors coupled to a load, so that the power section is tested at real current rather than only at no load. We check output voltage and current balance on all three phases, acceleration and deceleration, current limit behaviour, dynamic braking where fitted, and operation across the speed range.

### ESD-safe repair benches

Control boards, gate drivers and PLC modules are handled on ESD-protected benches with grounded mats and wrist straps, following the practice of IEC 61340-5-1. Boards travel between stations in anti-static bags.

### Oscilloscopes and isolated probes

Digital storage oscilloscopes with high-voltage differential probes let us look at gate drive signals, switching waveforms, DC bus ripple and encoder signals safely on live power electronics.

### IGBT and power device testing

Dedicated testers check IGBT modules, diodes and thyristors for gate threshold, leakage and short-circuit faults, so that a module is replaced only when it is actually damaged, and a damaged module's gate driver is checked before a new module is fitted.

### Capacitor reforming

Electrolytic DC-bus capacitors lose their oxide layer when left unpowered for a long time. Drives and spare capacitors that have been in storage for longer than the manufacturer allows are reformed with a slowly raised, current-limited DC voltage before they are put into service.

### Burn-in

After repair and load testing, units run a burn-in period under power before dispatch, so that early failures of new components show up in our workshop rather than on your line.

### Records

Each unit's job card records what was found, the parts replaced and the test results, and the test instruments are calibrated on a schedule. See /certifications for how this fits our ISO 9001:2015 quality management system.`,

  values: [
    {
      title: "Safety first",
      description:
        "No job starts without a permit, isolation and a dead test. An engineer who finds a site unsafe stops work, and we stand by that decision.",
    },
    {
      title: "Find the cause, not just the failed part",
      description:
        "A drive that keeps failing usually has a reason outside the drive. We look at the supply, the motor, the cabling and the settings, and tell you what we found.",
    },
    {
      title: "Written quotation before work",
      description:
        "You see the faults, the parts and the price before we repair anything, and we ask again if the scope changes.",
    },
    {
      title: "Traceable work",
      description:
        "Every unit has a job card, and every repair a test record, so that we and you can see what was done and when.",
    },
    {
      title: "Share what we know",
      description:
        "We publish fault code tables and technical notes, and we train plant teams, because well-informed maintenance prevents breakdowns.",
    },
  ],

  industries: [
    "Pharmaceuticals",
    "Steel and metals",
    "Cement",
    "Packaging",
    "Textiles",
    "Food and beverages",
    "Automotive components",
    "Chemicals",
    "Plastics and moulding",
    "Engineering and machine shops",
    "Water and wastewater",
  ],
};

// ── Certifications ──────────────────────────────────────────────────────────

export const certificationsPage: CertificationsPageSeed = {
  title: "ISO 9001:2015 Certification",
  summary:
    "Our quality management system is certified to ISO 9001:2015. What it covers in a repair shop: job cards, traceability, calibration and corrective action.",
  standard: "ISO 9001:2015",
  body: `Deccan Automation Services operates a quality management system certified to **ISO 9001:2015**. ISO 9001 does not certify that a product is good; it certifies that a business plans its work, controls it, keeps records, measures the results and corrects what goes wrong. In a repair shop, that means the following.

## Job cards and customer property

Every unit that comes in is logged on a job card before any work starts: customer, make, model, serial number, reported fault, visible condition and accessories received. A unit sent for repair is customer property, and the standard (clause 8.5.3) requires it to be identified, protected and kept safe while it is with us; if it is lost or damaged, the customer must be told.

## Traceability of repaired units

The job card follows the unit through diagnosis, quotation, approval, repair, testing and dispatch. Each step is recorded with the date and the person responsible, and the record shows:

- the faults found and the tests that found them;
- the parts replaced, with their source;
- the test results before dispatch;
- the tax invoice and warranty start date.

So, when a unit comes back under warranty, we can see exactly what was done to it (clause 8.5.2, identification and traceability).

## Calibration of test equipment

Measurements decide whether a unit passes. Multimeters, insulation testers, clamp meters, oscilloscopes, power device testers and other instruments that verify repairs are calibrated at defined intervals against standards traceable to international or national measurement standards (in India, typically through a laboratory accredited by NABL). Each instrument carries its calibration status, and an instrument found out of calibration is withdrawn and the work it verified is reviewed (clause 7.1.5).

## Nonconformity and corrective action

When something goes wrong, such as a repeat failure, a warranty return, a customer complaint or an audit finding, it is recorded, the unit or service is held or corrected, and the root cause is investigated. The corrective action is then checked to confirm that it worked (clauses 8.7 and 10.2). Warranty returns are reviewed in this way, so that a recurring cause, such as a component batch or a test step that missed a fault, is fixed for all units and not just the one returned.

## Competence, suppliers and review

- **Competence (clause 7.2):** engineers are assigned work according to recorded training and experience, and new staff work under supervision until they are assessed.
- **Suppliers (clause 8.4):** spare parts are bought from evaluated suppliers, with checks on receipt to keep counterfeit or reclaimed components out of repairs.
- **Monitoring and review (clauses 9.1 to 9.3):** turnaround, repeat failures and customer feedback are measured, internal audits are carried out to a plan, and management reviews the results.

## The certificate

Certification is maintained through periodic surveillance audits by the certification body and a recertification audit every three years. A copy of our current certificate, showing the certification body, the scope of certification and its validity dates, is **available on request**: write to support@example.com or use /contact. You can confirm its validity directly with the certification body named on it.

Customers who audit their service providers, for example under GMP requirements in pharmaceutical plants, are welcome to ask for supporting records such as calibration certificates of our test equipment and a sample job card.`,
};

// ── Careers ─────────────────────────────────────────────────────────────────

export const careerOpenings: CareerOpeningSeed[] = [
  {
    slug: "drive-repair-engineer",
    title: "Drive Repair Engineer (Component Level)",
    location: "Balanagar workshop, Hyderabad",
    type: "Full-time",
    experience: "3-6 years",
    summary:
      "Diagnose and repair AC, DC and servo drives at component level in our workshop, and test them under load before dispatch.",
    responsibilities: [
      "Diagnose faulty VFDs, DC drives and servo amplifiers from ABB, Siemens, Danfoss, Schneider, Yaskawa, Mitsubishi, Delta and other makes",
      "Repair power sections (IGBT and diode modules, thyristors, DC-bus capacitors, pre-charge circuits) and control electronics (SMPS, gate drivers, current sensing, I/O and communication boards)",
      "Trace faults on boards without schematics, using oscilloscopes, differential probes and power device testers",
      "Reform DC-bus capacitors on drives that have been in storage",
      "Load-test and burn-in repaired units on the test bench, and record results on the job card",
      "Write clear fault reports and quotations for the service coordinator",
      "Attend sites occasionally to diagnose drives that cannot be removed",
    ],
    requirements: [
      "Diploma or BE/BTech in Electrical, Electronics or Electronics and Communication Engineering",
      "At least 3 years of component-level repair of drives, UPS systems, inverters or similar power electronics",
      "Confident soldering and desoldering of SMD and through-hole parts, including multilayer boards",
      "Understanding of PWM inverters, gate drive circuits and switch-mode power supplies",
      "Safe working habits with DC bus voltages and stored energy",
      "Working English; Telugu or Hindi for site visits",
    ],
  },
  {
    slug: "plc-scada-engineer",
    title: "PLC / SCADA Engineer",
    location: "Hyderabad, with travel to customer sites across India",
    type: "Full-time",
    experience: "2-5 years",
    summary:
      "Troubleshoot, modify and commission PLC, HMI and SCADA systems at customer plants, from breakdown calls to retrofit projects.",
    responsibilities: [
      "Troubleshoot PLC, HMI and network faults on site, including during breakdowns outside office hours on a rota",
      "Modify and document PLC programs in Siemens TIA Portal and STEP 7, and Rockwell Studio 5000 and RSLogix 500",
      "Develop and modify HMI and SCADA applications in WinCC and FactoryTalk View",
      "Configure PROFINET, PROFIBUS, EtherNet/IP and Modbus RTU/TCP communication with drives and instruments",
      "Migrate obsolete controllers (S5, S7-300, SLC 500, PLC-5) to current platforms",
      "Take and archive program backups, and prepare commissioning and handover documents",
    ],
    requirements: [
      "BE/BTech or Diploma in Electrical, Electronics or Instrumentation Engineering",
      "At least 2 years of hands-on PLC programming and commissioning on Siemens or Rockwell platforms",
      "Ability to read electrical schematics, P&IDs and control philosophies",
      "Working knowledge of industrial networks and IP addressing",
      "Willingness to travel and work shifts during plant shutdowns",
    ],
  },
  {
    slug: "field-service-technician",
    title: "Field Service Technician",
    location: "Hyderabad and customer sites in Telangana and Andhra Pradesh",
    type: "Full-time",
    experience: "2-4 years",
    summary:
      "Attend breakdowns and preventive maintenance visits at customer plants: drives, motors, panels and control circuits.",
    responsibilities: [
      "Attend breakdown calls and restore equipment safely, under permit to work and lockout-tagout",
      "Carry out AMC preventive maintenance visits to the contract checklist and write the visit report",
      "Test motors and cables: insulation resistance, winding resistance, current balance",
      "Check and tighten terminations, clean panels and filters, and record thermal and electrical readings",
      "Remove and refit drives and modules for workshop repair, and back up parameters before removal",
      "Update job status, photos and customer sign-off in the technician app",
    ],
    requirements: [
      "ITI (Electrician) or Diploma in Electrical Engineering",
      "At least 2 years of industrial electrical maintenance",
      "Working knowledge of motor starters, VFD control wiring and interlocks",
      "Safe use of multimeters, clamp meters and insulation testers",
      "A valid two-wheeler driving licence and readiness for outstation travel",
    ],
  },
  {
    slug: "panel-wiring-technician",
    title: "Panel Wiring Technician",
    location: "Balanagar workshop, Hyderabad",
    type: "Full-time",
    experience: "1-4 years",
    summary:
      "Wire and test PLC, VFD, MCC and APFC panels to drawings in our panel shop, and support installation at site.",
    responsibilities: [
      "Assemble and wire control and power panels to electrical drawings and wiring schedules",
      "Terminate cables with the correct lugs and crimping tools, and fit ferrules and labels to the drawing",
      "Route and dress wiring in trunking, separating power, control and signal wiring",
      "Carry out continuity, polarity and insulation resistance tests and record them",
      "Make changes to existing panels during retrofits and mark up drawings as built",
    ],
    requirements: [
      "ITI in Electrician or Wireman trade",
      "At least 1 year of panel wiring experience",
      "Ability to read control wiring diagrams and terminal schedules",
      "Neat, methodical work and care with torque settings",
    ],
  },
  {
    slug: "service-coordinator",
    title: "Service Coordinator",
    location: "Balanagar office, Hyderabad",
    type: "Full-time",
    experience: "1-3 years",
    summary:
      "Keep jobs moving from request to invoice: log requests, schedule engineers, send quotations and keep customers informed.",
    responsibilities: [
      "Log service requests and create job cards for units received",
      "Schedule engineers by skill, location and urgency, and track each job's status",
      "Prepare quotations from engineers' findings and follow up customer approvals",
      "Keep customers informed of progress by phone, e-mail and WhatsApp",
      "Raise GST tax invoices and follow up payments",
      "Maintain job records and warranty details for the quality management system",
    ],
    requirements: [
      "Graduate in any discipline; a technical background is an advantage",
      "At least 1 year in customer service, service coordination or sales support",
      "Good spoken and written English and Telugu; Hindi preferred",
      "Comfort with spreadsheets and accounting or ERP software, and a basic understanding of GST invoicing",
    ],
  },
  {
    slug: "apprentice-iti",
    title: "Apprentice (ITI Electrician / Electronics Mechanic)",
    location: "Balanagar workshop, Hyderabad, and customer sites",
    type: "Apprenticeship",
    experience: "Freshers",
    summary:
      "Learn drive repair, panel work and industrial maintenance alongside our engineers, under the Apprentices Act, 1961.",
    responsibilities: [
      "Assist engineers with repairs in the workshop and on site",
      "Learn to test components, solder, and handle boards safely on ESD-protected benches",
      "Help wire and test panels in the panel shop",
      "Keep tools, instruments and work areas in order",
      "Record work done in the job card and the apprenticeship log",
    ],
    requirements: [
      "ITI pass in the Electrician or Electronics Mechanic trade",
      "18 years or older, because the work includes industrial sites",
      "Interest in electronics and a careful, safe approach to work",
      "Willingness to learn and to travel to customer sites with a senior engineer",
    ],
  },
];

// ── Training ────────────────────────────────────────────────────────────────

export const trainingCourses: TrainingCourseSeed[] = [
  {
    slug: "vfd-installation-troubleshooting",
    title: "VFD Installation and Troubleshooting",
    durationDays: 3,
    mode: "Classroom at Balanagar",
    audience: "Maintenance electricians, technicians and engineers who install, set up or maintain AC drives",
    prerequisites: "Working knowledge of three-phase induction motors and motor starters; safe use of a multimeter",
    syllabus: [
      "Day 1: How a VFD works (rectifier, DC bus, IGBT inverter, PWM); V/f and vector control; reading the rating plate and manual; selecting a drive for the motor and load (normal and heavy duty)",
      "Day 1: Installation: supply and motor cable sizing, screened motor cable and 360° EMC glanding, earthing, line reactors and harmonic considerations, output reactors and dv/dt filters for long motor cables, panel cooling and clearances",
      "Day 2: Commissioning on training drives: motor nameplate data, motor identification (autotune), acceleration and deceleration, current limits, 2-wire and 3-wire control, analog speed reference, PID control, braking resistor selection",
      "Day 2: Safety: isolation, the DC bus discharge time on the warning label, measuring DC bus voltage before work, and why a drive must be disconnected before an insulation test",
      "Day 3: Fault finding: overcurrent, overvoltage, undervoltage, earth fault, overtemperature and motor overload trips; reading fault history; testing the rectifier and IGBTs with a multimeter; parameter backup and restore",
      "Day 3: Practical fault-finding exercises on training rigs, and preventive maintenance of drives (fans, filters, terminal torque, capacitor ageing)",
    ],
    outcomes: [
      "Install a VFD to the manufacturer's EMC and earthing requirements",
      "Commission a drive with correct motor data and run a motor identification",
      "Work safely on drives, including confirming the DC bus is discharged",
      "Find the cause of common trips and decide whether the fault is in the drive, the motor, the cable or the supply",
      "Back up and restore drive parameters",
    ],
  },
  {
    slug: "plc-s7-1200-tia-portal",
    title: "PLC Programming: Siemens S7-1200 with TIA Portal",
    durationDays: 5,
    mode: "Classroom at Balanagar",
    audience: "Maintenance and project engineers and technicians new to Siemens S7-1200 or moving from STEP 7 classic",
    prerequisites: "Basic electrical control (relays, contactors, sensors); comfortable using a Windows PC",
    syllabus: [
      "Day 1: S7-1200 hardware (CPU variants, signal boards, signal and communication modules); creating a TIA Portal project; device configuration; IP addressing and downloading to the CPU",
      "Day 2: Tags and PLC data types; organisation blocks (OB1, startup, cyclic interrupt); ladder logic (LAD) and function block diagram (FBD); bit logic, IEC timers (TON, TOF, TP) and counters",
      "Day 3: Functions (FC) and function blocks (FB) with instance data blocks; global data blocks; structured programming; an introduction to SCL",
      "Day 4: Analog inputs and outputs with NORM_X and SCALE_X; PID_Compact basics; PROFINET IO with a drive or remote I/O; connecting a basic HMI panel",
      "Day 5: Online diagnostics: watch tables, force tables, the diagnostic buffer, cross-references; comparing online and offline programs; backups and memory cards; troubleshooting exercises on training kits",
    ],
    outcomes: [
      "Configure an S7-1200 station and download a project",
      "Write, test and document structured programs in LAD, FBD and basic SCL",
      "Scale analog signals and connect PROFINET devices",
      "Diagnose faults with the diagnostic buffer, watch tables and cross-references",
      "Take and restore program backups safely",
    ],
  },
  {
    slug: "allen-bradley-studio-5000-basics",
    title: "Allen-Bradley Studio 5000 Logix Designer Basics",
    durationDays: 4,
    mode: "Classroom at Balanagar",
    audience: "Maintenance engineers and technicians who support CompactLogix or ControlLogix controllers",
    prerequisites: "Basic electrical control; some experience with any PLC is helpful but not required",
    syllabus: [
      "Day 1: The Logix platform: CompactLogix and ControlLogix hardware, chassis and modules; Studio 5000 Logix Designer and where RSLogix 500 still applies (SLC 500, MicroLogix); RSLinx Classic or FactoryTalk Linx; going online, uploading and downloading",
      "Day 2: Project organisation: tasks, programs and routines; controller-scoped and program-scoped tags; data types, arrays and user-defined data types (UDTs); I/O configuration",
      "Day 3: Ladder logic: XIC, XIO, OTE, OTL/OTU, timers (TON, TOF, RTO), counters, compare and move instructions, CPT; an introduction to Add-On Instructions",
      "Day 4: EtherNet/IP I/O and drives in the I/O tree; troubleshooting with cross-references, trends and forces; major and minor faults and clearing them; module status; practical fault-finding exercises",
    ],
    outcomes: [
      "Go online with a Logix controller and navigate a project",
      "Read and modify ladder logic and tag structures",
      "Add and configure EtherNet/IP devices",
      "Diagnose controller and module faults and clear them safely",
      "Save, compare and archive project files",
    ],
  },
  {
    slug: "hmi-scada-wincc-factorytalk",
    title: "HMI and SCADA: WinCC and FactoryTalk View",
    durationDays: 4,
    mode: "Classroom at Balanagar",
    audience: "Automation and maintenance engineers who build or maintain operator screens and SCADA stations",
    prerequisites: "Basic PLC knowledge (tags, addressing); either of our PLC courses or equivalent experience",
    syllabus: [
      "Day 1: The role of HMI and SCADA; screen design for operators (layout, colours, navigation, alarm philosophy); the WinCC family in TIA Portal (Basic, Comfort, Advanced, Professional, Unified) and FactoryTalk View Machine Edition and Site Edition",
      "Day 2: WinCC in TIA Portal: connections to S7 controllers, HMI tags, screens and faceplates, discrete and analog alarms, trends, recipes, user administration; simulating and downloading to a panel",
      "Day 3: FactoryTalk View: ME applications for PanelView Plus, tag databases and direct references to Logix tags, displays, alarms, data logs, security; creating and loading a runtime (.mer) file; an overview of SE architecture",
      "Day 4: Maintenance tasks: backing up and restoring HMI projects and runtime files, replacing a failed panel, communication faults, time synchronisation, licensing; practical exercises",
    ],
    outcomes: [
      "Build operator screens with alarms and trends in WinCC and FactoryTalk View ME",
      "Connect an HMI to Siemens and Rockwell controllers",
      "Back up, restore and transfer HMI applications",
      "Diagnose common HMI communication and runtime faults",
    ],
  },
  {
    slug: "electrical-maintenance-safety",
    title: "Electrical Maintenance and Safety",
    durationDays: 2,
    mode: "On-site",
    audience: "Plant electricians, shift technicians and maintenance supervisors",
    prerequisites: "Employed in electrical maintenance; no formal course needed",
    syllabus: [
      "Module 1: Electrical hazards: shock, arc flash, stored energy; the Central Electricity Authority (Measures relating to Safety and Electric Supply) Regulations, 2023 as they apply in a plant; safe working practices from IS 5216",
      "Module 2: Permit to work and lockout-tagout: isolation points, personal locks, test before touch, proving the tester; stored energy in capacitors and drives",
      "Module 3: PPE and tools: insulated tools, gloves and their voltage classes, meters of the right measurement category (CAT III and CAT IV)",
      "Module 4: Preventive maintenance of LT switchgear and MCCs: cleaning, terminal tightness, breaker and contactor checks, relay settings, thermal imaging",
      "Module 5: Earthing to IS 3043: earth electrodes, earth resistance measurement, and continuity of protective conductors",
      "Module 6: Insulation resistance testing of cables and motors, and recording results to see trends; practical session on your plant's own equipment",
    ],
    outcomes: [
      "Isolate, lock out and prove dead before work",
      "Choose the right PPE, tools and test instruments for a task",
      "Plan and record preventive maintenance of LT panels",
      "Measure earth resistance and insulation resistance correctly and act on the results",
    ],
  },
  {
    slug: "motor-maintenance",
    title: "Motor Maintenance",
    durationDays: 2,
    mode: "On-site",
    audience: "Plant electricians, mechanical fitters and maintenance engineers responsible for LT induction motors",
    prerequisites: "Basic electrical knowledge; familiarity with direct-on-line and star-delta starters",
    syllabus: [
      "Module 1: Three-phase induction motors: construction, nameplate data, duty types, insulation classes and efficiency classes (IE2, IE3, IE4 under IS 12615); motors fed from VFDs",
      "Module 2: Electrical tests: insulation resistance and polarisation index to IEEE 43, winding resistance balance, no-load current, current and voltage balance under load",
      "Module 3: Bearings: relubrication intervals and quantities from the manufacturer's data, the effects of over-greasing, bearing currents in drive-fed motors",
      "Module 4: Vibration and alignment: vibration measurement and evaluation zones to ISO 10816-3 / ISO 20816-3, shaft alignment, soft foot, belt tension",
      "Module 5: Common failures (single phasing, overload, contamination, bearing failure) and how to read them from the winding and bearings; storage and preservation of spare motors",
      "Module 6: Practical session on your plant's motors, and building a motor maintenance record",
    ],
    outcomes: [
      "Carry out and interpret insulation, winding resistance and current balance tests",
      "Lubricate bearings correctly and spot early bearing trouble",
      "Measure vibration and check alignment",
      "Identify the likely cause of a motor failure and prevent a repeat",
    ],
  },
];

// ── Investors ───────────────────────────────────────────────────────────────

export const investorsPage: InvestorsPageSeed = {
  title: "Investors",
  summary:
    "Deccan Automation Services is a privately held industrial service business in Hyderabad. Investor enquiries go through the enquiry form on this page.",
  body: `## About the company

Deccan Automation Services is a **privately held** business, founded in Hyderabad in 2010. It is not listed on any stock exchange and does not offer securities to the public.

The company repairs, maintains and modernises the electrical and automation systems of industrial plants: AC, DC and servo drives, PLC, HMI and SCADA systems, control panels, motors and CNC machines. Its work includes:

- component-level repair in its workshop in the Balanagar industrial area, Hyderabad;
- 24/7 breakdown support at customer sites;
- annual maintenance contracts;
- control panel fabrication, retrofits and commissioning;
- energy audits;
- training for plant maintenance teams;
- technical manpower for shutdowns and projects.

It offers more than 40 services, has worked for over 500 clients in more than 15 years, and operates a quality management system certified to ISO 9001:2015.

## Markets served

The company serves manufacturing plants across India from its base in Hyderabad, with site support across Telangana and Andhra Pradesh. Its customers are in pharmaceuticals, steel, cement, packaging, textiles, food processing, automotive components and chemicals: industries that run continuous or high-utilisation lines, where an hour of downtime matters and equipment from many manufacturers has to be kept running.

Demand for this kind of service rests on the installed base of drives and controllers in Indian plants, the cost of unplanned downtime, the obsolescence of older automation equipment, and the interest in energy efficiency and plant modernisation. The /future-services page describes the areas the company is developing, such as predictive maintenance and Industry 4.0 projects.

## Investor enquiries

As a private company, Deccan Automation Services does not publish financial statements on this website. If you represent an investor, lender or potential partner and would like to discuss the business, please use the **enquiry form on this page**, giving your name, organisation and the nature of your interest. Enquiries are answered by the management. Any information shared after that is provided under a confidentiality agreement.

For service or sales enquiries, please use /request or /contact instead.`,
};
