/** The forum's categories (the browser needs them without the forum's schemas). */
export const FORUM_CATEGORIES = [
  "AC drives (VFDs)",
  "Servo and DC drives",
  "PLC and HMI",
  "SCADA and networks",
  "Motors and power",
  "Panels and electrical safety",
  "CNC machines",
  "Training and careers",
] as const;
