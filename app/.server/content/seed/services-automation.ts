/**
 * Catalogue services for automation, drives, AMC, training and manpower (public-website issue).
 * Tier details for the AMC family (Annual Maintenance Contracts, AMC Bronze, AMC Silver, AMC Gold) are
 * kept consistent with each other; no rupee prices are stated for them.
 */
import type { ServiceSeed } from "./types.ts";

export const automationServices: ServiceSeed[] = [
  {
    name: "24/7 Emergency Breakdown Service",
    category: "Emergency",
    summary:
      "Round-the-clock breakdown attendance for drives, PLCs, panels and CNC machines; an engineer on site within 2-4 hours in and around Hyderabad.",
    description: `When a line stops, the first hour is spent finding out what failed. Our breakdown service puts an engineer with diagnostic tools and common spares at your machine at any hour, on any day, including Sundays and festival holidays.

## What we attend

- AC drives (VFDs), servo drives and DC drives that have tripped, will not reset or have failed with smoke or a blown fuse
- PLCs that have gone to STOP, lost their program or show a bus or I/O fault
- HMIs and SCADA stations that have hung, lost communication or show a blank screen
- CNC and VMC machines down with servo, spindle or control alarms
- Motor control centres, starters, soft starters and control panels with tripping, burnt contactors or earth faults
- Industrial UPS systems on bypass or alarm

## How a call is handled

1. You call or raise a request at /request. An engineer calls back, asks for the nameplate, the fault code and what happened just before the stop, and tells you what to check or photograph while he travels.
2. An engineer reaches sites in Hyderabad and the surrounding industrial areas (Balanagar, Jeedimetla, Patancheru, Pashamylaram, Medchal, Shamshabad, Genome Valley) within 2-4 hours; the average is under 2 hours. Sites elsewhere in Telangana, Andhra Pradesh and the rest of India are reached by the fastest practical route, and we tell you the expected arrival time when the call is accepted.
3. The engineer isolates the equipment under your plant's permit-to-work and lock-out procedure, finds the fault and restores production: by repair on the spot, by a bypass or temporary arrangement agreed with your engineer in writing, or by fitting a spare.
4. If a board or drive needs the workshop, it goes to Balanagar the same day. Workshop repairs normally take 24-48 hours.

## What we carry

Insulation resistance tester, true-RMS clamp meters, power-quality analyser, oscilloscope, programming laptops with the common PLC, HMI and drive software, programming cables and adapters, and a stock of fuses, contactors, relays, fans and frequently needed drive spares.

## After the breakdown

You receive a written service report with the root cause as far as it could be established, what was replaced, parameter or program changes made, and what should be done to stop the fault returning. Where a temporary arrangement was left in place, the report says so and lists what has to be done to make it permanent.`,
    brands: [
      "ABB ACS355/ACS550/ACS580/ACS880, ACS800",
      "Siemens SINAMICS G120/S120, MICROMASTER 440, SIMATIC S7-300/1200/1500",
      "Allen-Bradley PowerFlex 525/753/755, CompactLogix, ControlLogix",
      "Schneider Altivar ATV320/ATV630, Modicon M241/M340",
      "Delta VFD-B, C2000, DVP PLCs",
      "Yaskawa A1000, GA700, Sigma-7 servo",
      "Mitsubishi FR-A800, MELSEC Q/iQ-R, MR-J4 servo",
      "Fanuc alpha i/beta iSV servo amplifiers, 0i-MF controls",
      "Parker SSD 590+ DC drives",
    ],
    faults: [
      "Drive tripping on overcurrent, overvoltage or earth fault and not resetting",
      "Drive dead after a power failure or lightning surge, main fuses blown",
      "PLC in STOP, program lost after battery failure",
      "Loss of communication between PLC, HMI and drives",
      "CNC down with servo amplifier or spindle alarm",
      "MCC feeder or contactor burnt, repeated earth-leakage trips",
      "UPS on bypass or batteries not holding",
    ],
    deliverables: [
      "Engineer on site with test instruments, programming software and common spares",
      "Fault diagnosis and restoration of production where it can be done on site",
      "Same-day dispatch of failed units to the Balanagar workshop when needed",
      "Written service report with root cause, parts replaced and parameter or program changes",
      "Recommendations to prevent a repeat of the fault",
    ],
    turnaround:
      "On site within 2-4 hours in the Hyderabad region (under 2 hours on average), 24/7; workshop repairs 24-48 hours.",
    faqs: [
      {
        question: "Do you attend at night and on Sundays?",
        answer:
          "Yes. The breakdown line is manned 24 hours a day, every day of the year, and engineers are on call in shifts. Call charges for night and holiday attendance are stated before the engineer leaves.",
      },
      {
        question: "What should we keep ready before the engineer arrives?",
        answer:
          "The fault code or alarm text as shown on the display, a photograph of the drive or PLC nameplate, the last known program or parameter backup if you have one, and a person who can issue a work permit and isolate the supply.",
      },
      {
        question: "Can you attend sites outside Telangana?",
        answer:
          "Yes. We attend plants across India. For distant sites we first try to diagnose by phone or video with your electrician, then travel with the parts most likely to be needed.",
      },
      {
        question: "Is the emergency repair covered by warranty?",
        answer:
          "Repairs carried out by us, on site or in the workshop, carry a 6-month warranty on the work done and the parts we fitted. Temporary arrangements are not covered and are listed as such in the report.",
      },
    ],
    servicePaths: ["/services/breakdown", "/services/breakdown-services", "/services/247-emergency-service"],
    featured: true,
  },
  {
    name: "VFD Repair",
    category: "Automation",
    summary:
      "Component-level repair of AC drives from 0.4 kW upwards: IGBTs, rectifiers, DC-bus capacitors, SMPS and control boards, load tested before dispatch.",
    description: `Most failed AC drives can be repaired for less than the cost of a new one, and a repaired drive keeps your existing parameters, wiring and spares. We repair drives at component level in our Balanagar workshop and return them load tested with a 6-month warranty.

## What we repair

- Power sections: IGBT modules, input rectifier bridges and thyristor pre-charge circuits, brake choppers, pre-charge resistors and relays, DC-bus capacitor banks
- Gate-driver boards: optocouplers, driver ICs, gate resistors and the isolated supplies that feed them
- Switch-mode power supplies, cooling fans and fan supplies
- Control boards: I/O circuits, analogue inputs and outputs, serial and fieldbus ports, keypads
- Current sensors, heatsink thermistors and DC-bus voltage sensing

## How the repair is done

1. **Inspection.** We record the model, rating and serial number, photograph the unit, and read the fault history if the control board still works.
2. **Parameter backup.** Parameters are uploaded to the keypad, a memory card or a laptop before any work, so your settings go back as they came.
3. **Static tests.** Diode and resistance checks on the rectifier, IGBTs and brake chopper; capacitance and ESR checks on the DC bus; insulation checks of the heatsink.
4. **Component repair.** Failed parts are replaced with genuine or equivalent-specification parts. When an IGBT fails we also check and, where needed, replace the gate-driver parts on that phase, because a damaged driver will destroy a new module.
5. **Capacitor reforming.** Drives that have been stored for a long time have their DC-bus capacitors reformed with a current-limited supply before full voltage is applied; capacitors that will not reform are replaced.

## Testing before dispatch

The drive is powered at reduced voltage first, then at full 415 V. It is run on our motor test bench through its speed range, loaded, and held at load while we watch output current balance, DC-bus voltage and heatsink temperature. Digital and analogue I/O are exercised. Your parameters are then restored and the drive is sealed.

## On-site or workshop

Drives that are too large to move, or that are built into a cabinet line-up, are repaired on site where the fault allows it: replacement of modules, fans, capacitors and boards. Everything else is faster and better tested in the workshop. For fault code meanings, see /technical-data; to send a drive, raise a request at /request.`,
    brands: [
      "ABB ACS150/ACS355/ACS550/ACS580/ACS880, ACS800",
      "Siemens SINAMICS G120, V20, MICROMASTER 420/440",
      "Allen-Bradley PowerFlex 4/40/525/753/755",
      "Schneider Altivar ATV312/ATV320/ATV630/ATV930",
      "Delta VFD-M, VFD-B, C2000, MS300",
      "Yaskawa V1000, A1000, GA700",
      "Mitsubishi FR-D700/E700/A800",
      "Danfoss VLT FC 102/FC 302",
      "Omron 3G3 series",
      "L&T and Fuji FRENIC series",
    ],
    faults: [
      "Overcurrent trip on start or acceleration (e.g. ABB 2310, Siemens F30001, Delta ocA)",
      "DC-bus overvoltage on deceleration, brake chopper not working",
      "Undervoltage trips with healthy supply, pre-charge fault",
      "Earth fault trip with the motor and cable testing healthy",
      "Drive dead, no display, SMPS failed",
      "Heatsink overtemperature with fans running or fans dead",
      "Blown input fuses, burnt rectifier or IGBT module",
      "Output phase missing or unbalanced, motor humming",
      "Analogue speed reference or fieldbus communication not working",
    ],
    deliverables: [
      "Inspection report with the failed components and likely cause",
      "Parameter backup before repair and restoration after",
      "Load test on the motor test bench with recorded current, DC-bus voltage and temperature",
      "Test certificate with the drive serial number",
      "6-month warranty on the repair",
    ],
    turnaround:
      "24-48 hours in the workshop for most drives; larger frames or imported parts take longer and we give a date at inspection.",
    faqs: [
      {
        question: "Is it worth repairing an old drive?",
        answer:
          "Usually yes, if the control board is sound and parts are available. We give a repair estimate after inspection; where the repair approaches the cost of a new drive, or the series is obsolete and parts are scarce, we say so and suggest a replacement with a parameter transfer.",
      },
      {
        question: "Will my parameters be lost?",
        answer:
          "No. We back them up before we start and restore them after testing. If the control board is too damaged to read, we ask for your last backup or your commissioning sheet.",
      },
      {
        question: "Do you repair drives above 100 kW?",
        answer:
          "Yes. Larger drives are repaired in the workshop when they can be transported, or on site at module and board level. Full-load testing of the largest frames is completed on your own motor after installation.",
      },
      {
        question: "How should we send a drive to the workshop?",
        answer:
          "Disconnect it after isolation, note the fault code, pack it upright with padding and send it with a note of your contact person. Raise a request at /request and we will confirm receipt.",
      },
    ],
    servicePaths: ["/services/vfd-repair", "/services/vfd-drive-repair"],
    featured: true,
  },
  {
    name: "Servo Drive Repair",
    category: "Automation",
    summary:
      "Repair of servo amplifiers and servo drives for CNC, packaging and printing machines, tested with a matching servo motor and encoder.",
    description: `Servo drives fail in the same places as other drives, in the power stage and the power supply, but they also depend on the encoder link and on tuned parameters. A servo drive repair is only finished when the axis runs smoothly with its own motor type and feedback.

## What we repair

- Servo amplifiers and single- and multi-axis servo drives from 50 W upwards
- Fanuc alpha i and beta iSV servo amplifiers and power supply modules
- Power stages: IGBT or IPM modules, rectifiers, regenerative resistor circuits, DC-bus capacitors
- Control sections: encoder interface circuits, position and speed loop boards, serial and network ports (SSCNET III, MECHATROLINK, EtherCAT, DRIVE-CLiQ and PROFINET interfaces are repaired at board level where the fault is in discrete parts)
- Dynamic brake circuits and holding-brake outputs

## How the repair is done

1. We record the model, software version and alarm history, and back up the parameters to a laptop with the maker's software where the drive allows it.
2. The power stage is checked statically, then the supply, driver and encoder interface circuits are tested on the bench.
3. Failed components are replaced. Where an IPM or IGBT has failed, the gate-drive circuit of that stage is checked and repaired before the new module is fitted.
4. Drives that have been stored for a long time have their bus capacitors reformed before full voltage is applied.

## Testing before dispatch

The repaired drive is connected to a servo motor of the same family with its own encoder, run in speed and position mode, reversed under load and held at rated current while we watch for alarms, following error and temperature rise. Serial encoder communication is checked for errors over a long run, because an intermittent encoder interface is a common cause of repeat failures. The customer's parameters are then restored.

## On-site or workshop

Most servo drives come to the workshop. On site we find which axis and which part has failed (amplifier, motor, cable or encoder), swap boards or amplifiers where you have a spare, restore parameters and, where needed, re-tune the axis after replacement. For feedback faults, see also our Encoder & Feedback Device Repair service.`,
    brands: [
      "Yaskawa Sigma-5 (SGDV), Sigma-7 (SGD7S)",
      "Mitsubishi MR-J2S, MR-J3, MR-J4",
      "Fanuc alpha i SVM/PSM, beta iSV amplifiers",
      "Siemens SINAMICS S120, V90",
      "Allen-Bradley Kinetix 300/5500/6000",
      "Delta ASDA-A2/B2",
      "Omron Accurax G5, 1S series",
      "Panasonic MINAS A5/A6",
      "Bosch Rexroth IndraDrive",
    ],
    faults: [
      "Overcurrent alarm on enabling the drive (e.g. Mitsubishi AL.32, Yaskawa A.100)",
      "Encoder communication error (Mitsubishi AL.16, Yaskawa A.C90)",
      "Regenerative or main-circuit overvoltage (Mitsubishi AL.33, Yaskawa A.400)",
      "Overload alarms with normal mechanical load (Mitsubishi AL.50/AL.51, Yaskawa A.710/A.720)",
      "Excessive position error or following error (Mitsubishi AL.52, Yaskawa A.d00)",
      "Drive dead, no display or 7-segment stuck",
      "Fanuc amplifier showing IPM or DC-link alarms, V-ready off",
      "Axis vibration or noise after a power surge",
    ],
    deliverables: [
      "Inspection report listing failed parts",
      "Parameter backup and restoration",
      "Run test with a matching servo motor and encoder, under load",
      "Test certificate with serial number",
      "6-month warranty on the repair",
    ],
    turnaround:
      "24-48 hours for most servo drives; Fanuc amplifiers and multi-axis units can take longer if imported parts are needed.",
    faqs: [
      {
        question: "Do you need the servo motor as well?",
        answer:
          "Not usually. We hold test motors for common families. If your motor or encoder type is unusual, or we suspect the fault is in the motor feedback, we may ask for the motor and cable too.",
      },
      {
        question: "Will the axis need re-tuning after repair?",
        answer:
          "If your parameters are restored on the same drive, normally not. If the drive is replaced or the motor is changed, gains may need adjusting; our engineer can do this on site.",
      },
      {
        question: "Is an encoder alarm always the encoder's fault?",
        answer:
          "No. Encoder communication alarms are often caused by a damaged cable, a poor shield termination or a failed interface circuit in the drive. We test each before condemning the encoder.",
      },
    ],
    servicePaths: ["/services/servo-drive", "/services/servo-drive-repair"],
    featured: true,
  },
  {
    name: "DC Drive Repair",
    category: "Automation",
    summary:
      "Repair of thyristor DC drives for mills, extruders, winders and cranes: SCR stacks, field controllers, firing and feedback circuits, tested on a DC motor.",
    description: `DC drives still run many mill stands, extruders, winders, paper machines and cranes in Indian plants. They are robust, but age, dust and supply disturbances take their toll on firing circuits, field supplies and thyristor stacks. We repair them at component level and test them on a DC motor before they go back.

## What we repair

- Armature converters: thyristor (SCR) modules and stacks, snubber networks, semiconductor fuses
- Field controllers: field bridges, field current feedback and field-fail detection
- Firing and pulse-transformer boards, control power supplies
- Speed feedback circuits for tachogenerators and encoders; armature voltage feedback
- Control boards, analogue and digital I/O, technology and communication options
- Regenerative (four-quadrant) drives as well as single-quadrant units

## How the repair is done

1. We note the drive model, rating, configuration (armature voltage, field current, feedback type) and the trip history, and back up parameters. For analogue drives such as older SSD 500-series units, we record jumper and potentiometer settings before anything is touched.
2. Thyristors are tested for blocking and gate triggering, not only with a meter. Snubbers, fuses and current transformers are checked.
3. Firing pulses on all six (or twelve) thyristors are checked with an oscilloscope before power is applied to the stack.
4. Faulty parts are replaced and boards repaired; the cause of thyristor failures, such as a failed snubber or a commutation fault, is looked for, not only the failed device.

## Testing before dispatch

The drive is run on a DC motor on our test bench, first in armature voltage feedback, then with tacho or encoder feedback where fitted. We check the current waveform for even firing, the field current setting and field-fail trip, speed stability and, for four-quadrant drives, regeneration and reversal. Your parameters or settings are restored before dispatch.

## On-site or workshop

Large DC drives in fixed cubicles are often repaired on site: thyristor replacement, firing board repair, current-loop and speed-loop tuning, and armature and field checks on the motor. We also check the DC motor's commutator, brushes and insulation when the drive fault may have started there.`,
    brands: [
      "Parker SSD 590+/591, 512C, 506/507/508",
      "Siemens SIMOREG DC-MASTER 6RA70, SINAMICS DCM 6RA80",
      "ABB DCS800, DCS550, DCS400",
      "Eurotherm 590 (older SSD)",
      "Control Techniques Mentor II, Mentor MP",
      "L&T DC drives",
    ],
    faults: [
      "Field fail trip with the field winding healthy",
      "Armature overcurrent or instantaneous overcurrent trips",
      "Thyristors failed short, semiconductor fuses blowing",
      "Speed hunting or instability, tacho or encoder feedback loss",
      "Overspeed trips",
      "Three-phase supply or phase-loss fault with a healthy supply",
      "Drive runs only in one direction (four-quadrant drive)",
      "Uneven current waveform, motor running hot",
    ],
    deliverables: [
      "Inspection report with failed components and cause",
      "Parameter or jumper-setting record and restoration",
      "Test on a DC motor with armature current waveform check",
      "Test certificate with serial number",
      "6-month warranty on the repair",
    ],
    turnaround:
      "24-48 hours in the workshop for most DC drives; on-site repair of cubicle drives scheduled on request.",
    faqs: [
      {
        question: "Should we replace our DC drive with an AC drive?",
        answer:
          "Not always. Where the DC motor is sound and the process needs high torque at low speed, repairing the DC drive or replacing it with a modern DC converter is often the simpler choice. Where the motor is also worn, conversion to an AC motor and drive may make sense; we can assess both options.",
      },
      {
        question: "Do you repair old analogue DC drives?",
        answer:
          "Yes, where parts are available. Analogue drives are often easier to repair at component level than digital ones, but we record every jumper and potentiometer position first.",
      },
      {
        question: "Can you check the DC motor as well?",
        answer:
          "Yes. We check insulation resistance, the commutator and brush gear, field resistance and the tachogenerator, because many repeat drive trips start in the motor.",
      },
    ],
    servicePaths: ["/services/dc-drive-repair"],
    featured: true,
  },
  {
    name: "PLC Repair & Programming",
    category: "Automation",
    summary:
      "Repair of PLC power supplies, CPUs and I/O modules, program backup and recovery, and program changes for S7, Logix, MELSEC, Modicon and other PLCs.",
    description: `A PLC fault can be hardware (a power supply, an I/O channel, a communication port) or software (a lost or corrupted program, a change made without records). We handle both, and we keep your original program safe while we work.

## What we repair

- Power supply modules and built-in power supplies
- Digital input and output modules: failed transistor or relay outputs, optocouplers, channel LEDs and terminal blocks
- Analogue modules: input and output channels, calibration after repair
- Communication modules and ports: PROFIBUS, PROFINET, EtherNet/IP, Modbus, RS-485
- Compact PLCs with built-in I/O, where the fault is in the I/O or supply section

CPU faults inside the processor or its memory devices are generally not repairable at component level. In that case we supply a replacement CPU, load your program and set it to work.

## Programming work

- Backup of the program from a running PLC, with comments and symbols where the software allows
- Recovery of a program after battery failure, from your backup or our records
- Changes to interlocks, sequences, timers and alarms, made after a written change request and tested with your operators
- Fault finding in logic: online monitoring, forcing under controlled conditions, and cross-reference checks
- Conversion between software versions, for example STEP 7 V5.x projects into TIA Portal

Programs are written and changed in the IEC 61131-3 languages your plant already uses, usually ladder, function block diagram and structured text, so your own team can maintain them.

## Testing before dispatch

Repaired modules are tested in a test rack with a CPU of the same family: every input channel is switched, every output is loaded to its rated current, and analogue channels are checked against a calibrator at several points. Power supplies are load tested.

## On-site or workshop

Module repairs are done in the workshop. Program work, online fault finding and CPU replacement are done on site, under your plant's permit system, with the machine in a safe state before any program is downloaded. Every change is recorded in a change note, and you receive the updated program file.`,
    brands: [
      "Siemens SIMATIC S7-200/300/400/1200/1500",
      "Allen-Bradley MicroLogix, SLC 500, CompactLogix, ControlLogix",
      "Schneider Modicon M221/M241/M340",
      "Mitsubishi MELSEC FX/Q/iQ-R",
      "Omron CP1, CJ2, NX",
      "Delta DVP series",
      "ABB AC500",
    ],
    faults: [
      "PLC in STOP with a system fault (SF) LED",
      "Program lost after backup battery or capacitor failure",
      "Output channel stuck on or not switching",
      "Analogue input reading wrong or drifting",
      "Power supply module dead or resetting",
      "PROFIBUS or Ethernet communication dropping out",
      "No program backup available, documentation missing",
      "Machine sequence fault after an undocumented program change",
    ],
    deliverables: [
      "Backup of the existing program before any work",
      "Repaired module tested in a rack with all channels checked",
      "Updated program file with change note and comments",
      "Service report with the root cause",
      "6-month warranty on hardware repairs",
    ],
    turnaround:
      "Module repairs 24-48 hours in the workshop; on-site program work and fault finding within 2-4 hours in the Hyderabad region.",
    faqs: [
      {
        question: "Can you recover a program from a PLC without the original project?",
        answer:
          "We can upload the program from a working PLC, but symbol names and comments are usually not stored in the PLC, so the upload is harder to read. We add comments as we trace the logic and hand over a documented project.",
      },
      {
        question: "Do you change programs without the OEM?",
        answer:
          "We make changes only on the customer's written request and after checking whether the machine is under OEM warranty. Safety-related logic is changed only with your safety engineer's agreement.",
      },
      {
        question: "What licences do you use?",
        answer:
          "Our engineers work with licensed copies of the manufacturers' programming software. The project files we hand over can be opened with your own licensed software of the same or a later version.",
      },
      {
        question: "How often should a PLC program be backed up?",
        answer:
          "After every change, and at least once a year. Keep one copy off the machine. Our AMC visits include program backup.",
      },
    ],
    servicePaths: ["/services/plc-repair", "/services/plc-repair-programming"],
    featured: true,
  },
  {
    name: "HMI Repair",
    category: "Automation",
    summary:
      "Repair of operator panels and touch screens: touch glass, LCD and backlight, power supply, boot and communication faults, with project backup and restore.",
    description: `An operator panel that will not respond to touch, shows a dark screen or has lost its project can stop a machine as surely as a failed drive. We repair HMIs at component level and restore your project so the panel goes back exactly as it was.

## What we repair

- Resistive and capacitive touch screens: replacement of the touch glass or digitiser, calibration after fitting
- LCD panels and backlights: CCFL lamps and inverters on older panels, LED backlight drivers on newer ones
- Internal power supplies, 24 V DC input circuits and reverse-polarity damage
- Boot failures, corrupted internal memory, panels stuck on the start-up screen
- Serial, USB and Ethernet communication ports
- Keypads and membrane keys on key-operated panels, front seals and bezels

## How the repair is done

1. **Backup first.** Where the panel still boots, the project and recipe data are backed up with the maker's software or transfer tool. If it does not, we ask for your project file or your last backup.
2. **Diagnosis.** We check the power supply rails, backlight current, touch controller output and display signals, and find which part has failed.
3. **Repair.** Touch glass, display panels, backlight parts and failed components are replaced with parts of the same specification. We do not fit touch screens of a different size or resolution.
4. **Restore.** The operating system or firmware is reloaded where needed, and your project is transferred back.

## Testing before dispatch

The repaired panel is powered for an extended soak test. We check touch accuracy across the whole screen after calibration, display brightness and uniformity, each function key, and communication with a PLC of the right family in our test rack. Panels are checked for their front-seal condition so that the IP rating of the cabinet door is kept.

## On-site or workshop

Most HMI repairs are done in the workshop. On site, we can replace a panel with a spare, load the project, and restore communication with the PLC so the machine can run while the original is repaired. For project changes rather than repairs, see HMI & SCADA Programming at /services/hmi-scada.`,
    brands: [
      "Siemens SIMATIC HMI KTP400/KTP700 Basic, TP700/TP1200 Comfort, MP277/MP377",
      "Allen-Bradley PanelView Plus 6/7, PanelView Component",
      "Schneider Magelis HMIGTO/HMISTU",
      "Mitsubishi GOT1000, GOT2000 (GT25/GT27)",
      "Omron NB and NS series",
      "Delta DOP-B series",
      "Pro-face GP series",
      "Weintek MT8000 and cMT series",
    ],
    faults: [
      "Touch not responding or responding at the wrong place",
      "Dark screen with the panel running (backlight failure)",
      "Lines, patches or fading on the display",
      "Panel dead, no power, or restarting repeatedly",
      "Stuck on the boot or loader screen, project lost",
      "No communication with the PLC",
      "Cracked front glass or damaged membrane keys",
    ],
    deliverables: [
      "Project and recipe backup before repair, where the panel boots",
      "Repaired panel with calibrated touch screen",
      "Soak test and communication test with a PLC",
      "Service report with parts replaced",
      "6-month warranty on the repair",
    ],
    turnaround:
      "24-48 hours for most panels; display or touch glass that must be imported can add time, and we give a date at inspection.",
    faqs: [
      {
        question: "Our HMI has no backup. Can the project be recovered?",
        answer:
          "On many panels the project can be uploaded if upload was enabled when it was downloaded, or if a backup was kept on a memory card. If neither is possible, the screens have to be rebuilt from photographs and the PLC program; we can do that under HMI & SCADA Programming.",
      },
      {
        question: "Can you fit a cheaper touch screen?",
        answer:
          "We fit touch glass and displays of the same size, resolution and interface as the original. A mismatched part may work at first but cause calibration drift or early failure.",
      },
      {
        question: "What if the HMI model is obsolete?",
        answer:
          "We repair it where parts are available. If not, we can migrate the project to a current panel of the same or a similar cut-out size, which usually means a project conversion and a check of every screen.",
      },
    ],
    servicePaths: ["/services/hmi-repair", "/services/hmi-touch-panel"],
    featured: true,
  },
  {
    name: "HMI & SCADA Programming",
    category: "Automation",
    summary:
      "New HMI screens, project changes, alarm and trend set-up, recipe handling and project migration for operator panels and SCADA stations.",
    description: `Operator screens are where your operators and maintenance staff see the process. Good screens show what matters, alarm clearly and do not hide the cause of a stop. We write new HMI and SCADA projects and change existing ones, working from your PLC program and your operators' needs.

## What we do

- New HMI projects for machines and packaged units: overview, manual operation, alarm, trend, recipe and diagnostic screens
- Changes to existing projects: new tags and screens, revised alarm texts, user levels and passwords
- Alarm configuration: classes, acknowledgement, alarm history and export
- Recipes and batch parameters, with user-level protection on who can change them
- Data logging and trends for process values, with export to CSV for quality records
- Migration of projects from obsolete panels (for example Siemens WinCC flexible projects into WinCC in TIA Portal, PanelView Standard into PanelView Plus) and re-mapping of tags
- Multi-language screens, including Hindi and Telugu text where the panel supports it

## How the work is done

1. **Survey.** We take the existing project (or photographs of the screens if none exists), the PLC program and a list of what operators and maintenance want changed.
2. **Screen design.** A screen list and a tag list are agreed before programming. Colours follow a consistent scheme: grey for normal, colour for abnormal, so that alarms stand out.
3. **Offline development and simulation.** The project is built and tested against a simulated or test-rack PLC in our office.
4. **Site commissioning.** The project is downloaded during an agreed stop, after backing up the existing one. Every screen, button and alarm is checked with the live machine and with your operators.

## Validation and records

For pharmaceutical plants, we work within your change-control procedure and can provide screen lists, tag lists, alarm lists and test records to support your computerised-system validation. Audit trail, electronic records and user management are configured to the extent the chosen HMI or SCADA software supports them; the compliance assessment itself remains with your quality team.

## Handover

You receive the project source files, a screen and tag list, the user and password structure, and a short operator note for each new screen. Projects are created with licensed software and can be maintained by your own team with their own licence. For complete plant-level SCADA systems, see /services/scada-system.`,
    brands: [
      "Siemens WinCC (TIA Portal), WinCC flexible, WinCC V7",
      "Rockwell FactoryTalk View ME/SE, PanelView Plus",
      "Schneider Vijeo Designer, EcoStruxure Operator Terminal Expert",
      "Mitsubishi GT Designer3 (GOT2000)",
      "Omron NB-Designer, Sysmac Studio (NA series)",
      "Delta DOPSoft",
      "Weintek EasyBuilder Pro",
      "AVEVA InTouch, Inductive Automation Ignition",
    ],
    faults: [
      "Operators cannot find the cause of a machine stop on the screen",
      "Alarm texts missing, wrong or only showing tag names",
      "Recipe values changed without authorisation",
      "No data logging or trend for quality-critical values",
      "HMI project lost or available only on an obsolete panel",
      "Screens slow to update, too many tags polled",
    ],
    deliverables: [
      "Agreed screen list and tag list before programming",
      "HMI or SCADA project source files",
      "Alarm list and user-level structure",
      "Site test record signed with your engineer",
      "Operator notes for new screens",
    ],
    turnaround:
      "Small changes in 1-2 days on site; new machine projects typically 1-3 weeks depending on screen count, agreed in the quotation.",
    faqs: [
      {
        question: "Do you need our PLC program?",
        answer:
          "Yes. The screens read and write PLC tags, so we need the PLC program or at least a tag list with addresses. If it is not available, we upload it from the PLC with your permission.",
      },
      {
        question: "Can you support 21 CFR Part 11 requirements?",
        answer:
          "We configure audit trail, electronic signatures, user management and data logging where the chosen software supports them, and we provide the design and test documents your validation needs. Whether the system is compliant is decided by your quality and validation team.",
      },
      {
        question: "Will the download stop our machine?",
        answer:
          "Downloading to an HMI interrupts the operator display for a few minutes, and on some panels the machine must be stopped. We schedule downloads during agreed stops and keep the old project ready to reload.",
      },
    ],
    servicePaths: ["/services/hmi-scada"],
  },
  {
    name: "SCADA System Integration",
    category: "Automation",
    summary:
      "Plant-level SCADA: PLC networking, tag databases, alarms, historian, reports and server/client set-up, from design through commissioning.",
    description: `A SCADA system gathers data from many PLCs, drives and meters into one view of the plant. It is useful only if the communication is reliable, the alarms mean something and the reports match what production and quality need. We design, build and commission SCADA systems for process and utility plants.

## Scope of work

- **Survey and design.** A list of the PLCs, drives, energy meters and instruments to be connected, the protocols they support, and the network layout. We recommend managed switches, fibre links between buildings and a separate network for control traffic where the plant needs it.
- **Communication.** Configuration of drivers and gateways for PROFINET, PROFIBUS, EtherNet/IP, Modbus TCP/RTU and OPC UA; conversion of serial devices onto Ethernet.
- **Tag database and graphics.** A structured tag naming convention, overview and detail screens, faceplates for motors, valves and PID loops.
- **Alarms and events.** Alarm priorities, shelving and suppression rules, and alarm history for maintenance analysis.
- **Historian and reports.** Logging of process values and equipment running hours; shift, daily and batch reports; energy reports from meters.
- **Server and client set-up.** Redundant servers where required, thin clients or web clients, time synchronisation, user accounts and backup.

## Commissioning

Each signal is checked from field device to screen (a loop check), every command is tested from the SCADA to the equipment, and alarm and report outputs are checked with your staff. We commission in stages so that running sections of the plant are not disturbed.

## Security and backup

SCADA networks are kept separate from the office network with a firewall. We set up named user accounts, disable unused services, and hand over a documented backup and restore procedure. Cyber-security measures follow the principles of IEC 62443 to the extent agreed in the project; we do not certify compliance.

## Where it is used

Typical systems we build cover utilities (compressors, chillers, boilers, water treatment), packaging and filling lines, process vessels in pharma and chemical plants, and material handling in cement and steel plants.

## Handover

Project files and licences registered to you, network drawing, tag and alarm lists, an operator manual and a maintenance manual, and training for your engineers. Post-commissioning support is available under an AMC (/services/amc).`,
    brands: [
      "Siemens WinCC V7, WinCC Unified, WinCC Professional",
      "Rockwell FactoryTalk View SE, FactoryTalk Historian",
      "AVEVA (Wonderware) InTouch, System Platform",
      "Inductive Automation Ignition",
      "Schneider EcoStruxure Geo SCADA, Vijeo Citect",
      "GE Digital iFIX, CIMPLICITY",
      "Kepware KEPServerEX (OPC connectivity)",
    ],
    faults: [
      "Stale or frozen values on SCADA screens",
      "Communication drop-outs between SCADA and PLCs",
      "Alarm floods that operators ignore",
      "Reports not matching production or energy records",
      "No historical data for troubleshooting or audits",
      "SCADA PC failure with no restorable backup",
    ],
    deliverables: [
      "Functional design specification and network drawing",
      "Tag, alarm and I/O lists",
      "Loop-check and site acceptance test records",
      "Project files, backups and restore procedure",
      "Operator and maintenance manuals and training",
    ],
    turnaround:
      "Project-based; schedule agreed in the functional design, typically several weeks from design approval to site acceptance.",
    faqs: [
      {
        question: "Can you connect PLCs from different makes to one SCADA?",
        answer:
          "Yes. Mixed plants are common. We use the SCADA package's native drivers where available and OPC UA or protocol gateways for the rest, and test throughput before finalising the poll rates.",
      },
      {
        question: "Do we need to stop the plant for SCADA commissioning?",
        answer:
          "Mostly no. Reading data does not disturb the PLCs. Where PLC programs need new tags or communication blocks, changes are made during planned stops.",
      },
      {
        question: "Who owns the licences?",
        answer:
          "Software licences are purchased in your company's name and handed over with the project. Project files are yours.",
      },
      {
        question: "Can the SCADA send alarms by SMS or e-mail?",
        answer:
          "Most SCADA packages support alarm notification by e-mail, and by SMS through a GSM modem or a gateway. We set it up for critical alarms only, so that messages are not ignored.",
      },
    ],
    servicePaths: ["/services/scada-system"],
    featured: true,
  },
  {
    name: "CNC/VMC Repair",
    category: "Automation",
    summary:
      "Electrical and control repair for CNC lathes and VMCs: servo and spindle amplifiers, CNC controls, encoders, I/O and parameter recovery.",
    description: `A stopped CNC machine usually shows an alarm number, but the cause may be in the control, the amplifier, the motor, the encoder, the cable or the machine's own ladder logic. We work through them in order and get the machine cutting again.

## What we repair

- Servo amplifiers and spindle amplifiers (Fanuc alpha i and beta iSV, Siemens SINAMICS S120 in SINUMERIK machines, Mitsubishi MDS drives)
- Power supply modules and DC-link circuits
- CNC control units: power supply, display and MDI unit faults, memory battery circuits, I/O link modules
- Motor feedback: pulse coders, encoders and their cables
- Machine I/O, limit switches, proximity sensors, tool changer and pallet changer sequences in the PMC or PLC ladder
- Spindle orientation, reference return and axis backlash-related alarms

## How the repair is done

1. **Read the alarms and the history.** Alarm history, diagnostic screens and the PMC/PLC status are checked before anything is changed.
2. **Back up the machine data.** CNC parameters, pitch error compensation, PMC ladder, macro variables, tool offsets and part programs are backed up to a memory card. On Fanuc controls this includes an SRAM backup from the boot screen.
3. **Isolate the fault.** By swapping axes, measuring supply voltages and checking the feedback signals, we find whether the fault is in the control, amplifier, motor, encoder or cable.
4. **Repair.** Amplifiers and boards are repaired in the workshop at component level; on site we replace cables, connectors, fans, batteries and sensors, and repair ladder logic faults.
5. **Recover.** After an encoder battery failure or a motor change, we restore the reference position and check it against the machine's own marks.

## Testing before dispatch

Repaired amplifiers are tested with a motor and encoder of the matching type under load. After re-installation, the machine is run through reference return, axis moves at rapid and feed rates, spindle runs across the speed range, tool change and a test cut where you want one.

## On-site or workshop

The first visit is on site. Boards and amplifiers go to the workshop in Balanagar, with 24-48 hours as the usual time for repair. Our engineers do not change geometry or compensation values without your agreement, and we record anything we had to adjust.`,
    brands: [
      "Fanuc 0i-MF/0i-TF, 0i-MD/0i-TD, 0i Mate, 18i/21i",
      "Fanuc alpha i SVM/SPM/PSM, beta iSV/iSVSP amplifiers",
      "Siemens SINUMERIK 808D, 828D, 840D sl",
      "Mitsubishi M70/M80 controls, MDS drives",
      "Heidenhain TNC 620/640",
      "Siemens SINAMICS S120 drives on SINUMERIK machines",
    ],
    faults: [
      "Servo alarm, V-ready off or amplifier not ready",
      "Excess error (following error) while stopped or moving",
      "Spindle alarm, spindle not reaching speed or not orienting",
      "Pulse coder or encoder communication alarms",
      "Reference position lost after encoder battery failure",
      "Control dead or display blank",
      "Tool changer or pallet changer sequence stuck",
      "Emergency stop circuit not resetting",
    ],
    deliverables: [
      "Full machine data backup before work (parameters, ladder, offsets, programs)",
      "Diagnosis and on-site repair where possible",
      "Workshop repair of amplifiers and boards with load test",
      "Machine run-off after repair, test cut if requested",
      "Service report with alarms, cause and parts replaced",
      "6-month warranty on the repair",
    ],
    turnaround:
      "On site within 2-4 hours in the Hyderabad region; amplifier and board repairs 24-48 hours in the workshop.",
    faqs: [
      {
        question: "Do you repair the mechanical side of the machine?",
        answer:
          "Our CNC service covers the electrical and control system: drives, motors, feedback, controls and machine logic. Mechanical work such as spindle bearing replacement or ballscrew repair is handled by our mechanical team or your machine builder.",
      },
      {
        question: "How often should the encoder batteries be changed?",
        answer:
          "Follow the machine builder's schedule, usually once a year, and change them with the control powered on so that absolute positions are not lost. Our AMC visits include it.",
      },
      {
        question: "We have no backup of our machine. What should we do?",
        answer:
          "Take one now, before anything fails. We can take a complete backup on a routine visit and give you a copy on a memory card and on your server.",
      },
    ],
    servicePaths: ["/services/cncvmc-repair"],
    featured: true,
  },
  {
    name: "Industrial UPS Service",
    category: "Utility",
    summary:
      "Service and repair of three-phase and single-phase online UPS systems: rectifier, inverter, static bypass and battery bank testing and replacement.",
    description: `An industrial UPS protects PLCs, SCADA servers, instrumentation and critical process loads. It is only useful if the battery will carry the load when the mains fails and the bypass will transfer cleanly. We service, test and repair online (double-conversion) UPS systems in plants, server rooms and laboratories.

## What we service and repair

- Rectifier and battery charger sections: thyristor or IGBT rectifiers, charger boards, float and boost settings
- Inverter sections: IGBT modules, gate drivers, output filter capacitors and transformers
- Static bypass switches and manual maintenance bypass arrangements
- Control and display boards, communication cards (SNMP, Modbus) and alarm contacts
- DC-bus and AC filter capacitors, cooling fans
- Battery banks: VRLA (SMF) and flooded lead-acid, including battery breakers, cabling and racks

## Preventive maintenance visit

1. Review of the event and alarm log, and of the environment (room temperature, dust, ventilation).
2. Measurement of input, output and bypass voltages and currents, load per phase and neutral current.
3. Thermal and visual inspection of terminations, capacitors and fans; cleaning.
4. Battery checks: float voltage of each block, internal resistance or impedance measurement, terminal torque and condition. For VRLA batteries, practice follows IEEE 1188.
5. Functional tests with your agreement: transfer to bypass and back, and a short mains-fail test on the live load if the plant permits it.

## Repairs and battery replacement

Failed power and control boards are repaired at component level in our workshop where possible. When a battery bank is replaced, we size it for the required backup time, check the charger settings against the battery maker's data, and carry out a discharge test after the new bank has been charged.

## Testing before dispatch

Repaired UPS boards and modules are tested on the bench and then on the complete UPS at the site, on a resistive load bank where a load test is needed. Output voltage regulation, waveform, transfer and alarms are checked before the load is put back.

## On-site or workshop

Large UPS systems are serviced on site, with the load on maintenance bypass or during a planned stop agreed with your team. Smaller units and modules can come to the workshop. A UPS service can be included in an AMC (/services/amc).`,
    brands: [
      "Vertiv (Emerson) Liebert",
      "Schneider APC Galaxy, Smart-UPS, Symmetra",
      "Eaton 9E/9SX/93PM",
      "Hitachi Hi-Rel",
      "Socomec Delphys, Masterys",
      "Legrand Numeric",
      "Delta Electronics UPS",
      "Riello UPS",
      "Fuji Electric UPS",
    ],
    faults: [
      "UPS on bypass and not returning to inverter",
      "Battery backup far shorter than designed",
      "Rectifier or charger fault alarm",
      "Inverter fault or overload trip",
      "DC bus overvoltage or undervoltage alarms",
      "Swollen, leaking or hot battery blocks",
      "Fan failure or over-temperature alarm",
      "Communication card or remote monitoring not working",
    ],
    deliverables: [
      "Service report with measured voltages, currents and load per phase",
      "Battery test record with block voltages and internal resistance",
      "Repair of boards and modules with functional test",
      "Battery sizing and replacement with discharge test",
      "6-month warranty on repairs",
    ],
    turnaround:
      "Breakdown attendance within 2-4 hours in the Hyderabad region; board repairs 24-48 hours; battery bank supply depends on the battery maker's lead time.",
    faqs: [
      {
        question: "How long do UPS batteries last?",
        answer:
          "VRLA batteries sold as 5-year or 10-year design life usually last less in Indian plant rooms, because life falls sharply when the battery is kept above about 25 °C. Keep the battery room cool and test the batteries at least twice a year.",
      },
      {
        question: "Can you service a UPS without switching off our load?",
        answer:
          "Most of the inspection and battery testing can be done with the UPS running. Internal work is done with the load on maintenance bypass, which means the load is on raw mains for that time; we agree the timing with you.",
      },
      {
        question: "Do you replace batteries of a different make?",
        answer:
          "Yes, provided the voltage, capacity and dimensions suit the UPS and the charger settings are adjusted for the new battery. We record the changes in the report.",
      },
    ],
    servicePaths: ["/services/industrial-ups"],
    featured: true,
  },
  {
    name: "Annual Maintenance Contracts",
    category: "Automation",
    summary:
      "Yearly maintenance contracts for drives, PLCs, HMIs, panels and CNC machines in three tiers: Bronze, Silver and Gold, with scheduled visits and breakdown cover.",
    description: `An annual maintenance contract (AMC) puts the routine checks that prevent breakdowns on a fixed calendar, keeps backups of your programs and parameters up to date, and gives you a known route for breakdown calls. We offer three tiers so that the level of cover can match how critical the equipment is.

## What every AMC includes

- A schedule of the equipment covered (drives, PLCs, HMIs, panels, UPS, CNC controls), agreed after a site survey
- Preventive visits by our engineers on a fixed calendar
- Cleaning, inspection and tightening of terminations; fan, filter and heatsink checks on drives; DC-bus and supply checks
- Backup of PLC programs, HMI projects and drive parameters, with a copy handed to you
- A written report after each visit, with findings ranked by urgency
- A 6-month warranty on any repair we carry out

Parts, spares and workshop component repairs are quoted separately in every tier.

## Comparing the tiers

| | Bronze | Silver | Gold |
|---|---|---|---|
| Preventive visits | Quarterly (4 per year) | Every two months (6 per year) or monthly (12 per year) | Monthly (12 per year) |
| Breakdown calls | Charged per call | 6 call-outs per contract year included, further calls charged | Unlimited call-outs included |
| Response to breakdowns | Standard: 2-4 hours in the Hyderabad region | Priority over non-contract calls | Guaranteed: on site within 2 hours in the Hyderabad region |
| Loan drive while yours is repaired | Not included | Not included | Included, for drives in the equipment schedule |
| Infrared thermography of panels | Not included | Not included | Twice a year |
| Program and parameter backup | Every visit | Every visit | Every visit |

For sites outside the Hyderabad region, the response time for each tier is written into the contract for that site.

## Choosing a tier

- **Bronze** suits plants with their own maintenance team that want regular expert checks but handle most breakdowns themselves. See /services/amc-bronze.
- **Silver** suits plants where a few breakdowns a year need outside help and a quicker response matters. See /services/amc-silver.
- **Gold** suits continuous-process plants and critical lines where downtime has to be limited and a loan drive shortens the wait for a repair. See /services/amc-gold.

## How a contract starts

We survey the site, list the equipment and its condition, and propose the tier and visit calendar. The first visit takes backups of everything covered, which gives both of us a clear starting point. Contracts run for 12 months and can be renewed. To arrange a survey, use /request or /contact.`,
    brands: [
      "ABB ACS355/ACS550/ACS580/ACS880 drives",
      "Siemens SINAMICS G120/S120, SIMATIC S7-300/1200/1500, WinCC",
      "Allen-Bradley PowerFlex 525/753/755, CompactLogix, ControlLogix, PanelView Plus",
      "Schneider Altivar ATV320/ATV630/ATV930, Modicon M241/M340",
      "Delta C2000, MS300, DVP PLCs",
      "Yaskawa A1000, GA700, Sigma-7 servo",
      "Mitsubishi FR-A800, MELSEC Q/iQ-R, MR-J4 servo",
      "Danfoss VLT FC 102/FC 302",
      "Fanuc 0i-MF controls and alpha i/beta iSV amplifiers",
    ],
    faults: [
      "Repeated drive trips from clogged heatsinks and failed fans",
      "Loose terminations and hot spots in panels",
      "Programs and parameters with no current backup",
      "Ageing DC-bus capacitors and cooling fans not replaced in time",
      "UPS batteries found weak only during a mains failure",
      "Breakdowns that wait for a vendor to be found and a purchase order raised",
    ],
    deliverables: [
      "Site survey and equipment schedule",
      "Visit calendar for the contract year",
      "Report after every visit with findings ranked by urgency",
      "Updated backups of programs, projects and parameters",
      "Breakdown cover according to the tier",
      "Year-end summary of equipment condition and recommended replacements",
    ],
    turnaround:
      "Contract year of 12 months; first visit within two weeks of the order; breakdown response according to tier.",
    faqs: [
      {
        question: "Are spare parts included in the AMC?",
        answer:
          "No. In all three tiers, parts, spares and workshop component repairs are quoted separately and fitted after your approval. Gold includes a loan drive while your drive is repaired, which is not the same as a free replacement.",
      },
      {
        question: "Can we cover only some of our equipment?",
        answer:
          "Yes. The equipment schedule lists exactly what is covered. Many plants put critical lines on Gold and the rest on Bronze.",
      },
      {
        question: "Can we change tier during the year?",
        answer:
          "An upgrade can be made at any time from the next month, with the visit calendar adjusted. Downgrades take effect at renewal.",
      },
      {
        question: "Do you cover equipment still under the maker's warranty?",
        answer:
          "We carry out external checks and backups but do not open or repair equipment that is still under the maker's warranty, so that the warranty is not affected.",
      },
    ],
    servicePaths: ["/services/amc", "/services/amc-services"],
    featured: true,
  },
  {
    name: "AMC Bronze",
    category: "Automation",
    summary:
      "Entry-level maintenance contract: quarterly preventive visits with backups and reports; breakdown calls attended at standard response and charged per call.",
    description: `AMC Bronze is our entry-level annual maintenance contract. It suits plants that have their own electrical and instrumentation team for day-to-day breakdowns but want an expert check of their drives, PLCs and panels four times a year, with up-to-date backups and a written condition report.

## What is included

- **Four preventive visits a year**, one each quarter, on dates fixed at the start of the contract
- Inspection and cleaning of the drives, PLCs, HMIs and panels in the equipment schedule
- Checks of heatsinks, cooling fans, filters and enclosure ventilation
- Measurement of supply voltage, DC-bus voltage and output current on each drive, compared with the previous visit
- Tightness and condition of power and control terminations
- Reading of fault histories and event logs, with the causes of recent trips investigated
- Backup of PLC programs, HMI projects and drive parameters at every visit, with a copy handed to you
- A written visit report with findings ranked by urgency, and a year-end condition summary

## Breakdown calls

Breakdown calls are not included in the Bronze tier. They are attended at our standard response, on site within 2-4 hours in the Hyderabad region, and charged per call. Because we hold current backups and know the equipment from the preventive visits, diagnosis is usually faster than for a plant we have not visited before.

## What is not included

- Breakdown call-outs (charged per call)
- Parts, spares and workshop component repairs (quoted separately)
- Loan drives and infrared thermography, which are part of AMC Gold

## How a visit runs

The engineer reports to your maintenance in-charge, takes a work permit, and works through the equipment schedule, machine by machine, during the stop windows you have planned. Live checks (voltages, currents, temperatures, fault logs) are done with the plant running. Internal cleaning is done only after isolation. Findings that need urgent action are told to your in-charge before the engineer leaves.

## Moving up

If breakdowns are more frequent than expected or a line becomes more critical, you can move to AMC Silver (/services/amc-silver) or AMC Gold (/services/amc-gold). The comparison of all three tiers is at /services/amc.`,
    brands: [
      "ABB ACS355/ACS550/ACS580/ACS880 drives",
      "Siemens SINAMICS G120, MICROMASTER 440, SIMATIC S7-300/1200/1500",
      "Allen-Bradley PowerFlex 525/753, CompactLogix, PanelView Plus",
      "Schneider Altivar ATV320/ATV630, Modicon M221/M241",
      "Delta VFD-B, C2000, MS300, DVP PLCs",
      "Mitsubishi FR-E700/A800, MELSEC FX/Q",
      "Danfoss VLT FC 102/FC 302",
    ],
    faults: [
      "Clogged heatsinks and filters causing overtemperature trips",
      "Failed or noisy cooling fans",
      "Loose terminations and discoloured lugs",
      "Missing or outdated program and parameter backups",
      "Ageing DC-bus capacitors showing ripple on the bus",
      "Recurring nuisance trips not investigated",
    ],
    deliverables: [
      "Equipment schedule and visit calendar",
      "Four preventive visits a year",
      "Report after every visit with findings ranked by urgency",
      "Backups of programs, projects and parameters at every visit",
      "Year-end condition summary",
    ],
    turnaround:
      "Quarterly visits on fixed dates; breakdown calls attended within 2-4 hours in the Hyderabad region and charged per call.",
    faqs: [
      {
        question: "What happens if we call you for a breakdown on a Bronze contract?",
        answer:
          "We attend at our standard response time and charge the call separately. The engineer will already have your backups and the visit history, which usually shortens the diagnosis.",
      },
      {
        question: "Can the quarterly visits be timed with our shutdowns?",
        answer:
          "Yes. Visit dates are agreed at the start of the contract and can be moved to match planned shutdowns, provided four visits are completed in the contract year.",
      },
      {
        question: "Is thermography part of Bronze?",
        answer:
          "No. Infrared thermography of panels is included in AMC Gold. For Bronze and Silver contracts it can be ordered as a separate visit.",
      },
    ],
    servicePaths: ["/services/amc-bronze"],
  },
  {
    name: "AMC Silver",
    category: "Automation",
    summary:
      "Mid-tier maintenance contract: monthly or bi-monthly visits, six breakdown call-outs a year included, and priority response over non-contract calls.",
    description: `AMC Silver is for plants where the drives, PLCs and panels need closer watching than four times a year, and where a few breakdowns a year will need outside help. It adds more frequent visits, included breakdown call-outs and priority response to everything in the Bronze tier.

## What is included

- **Preventive visits every two months (6 a year) or every month (12 a year).** The frequency is chosen at the start of the contract, based on the number of machines, their criticality and the plant environment. Dusty plants such as cement, steel and textile usually need monthly visits.
- Inspection and cleaning of the drives, PLCs, HMIs, panels and UPS in the equipment schedule
- Heatsink, fan, filter and ventilation checks; supply, DC-bus and load measurements on each drive, trended visit to visit
- Reading of fault histories and event logs, and investigation of recurring trips
- Backup of PLC programs, HMI projects and drive parameters at every visit
- A written report after each visit and a year-end condition summary

## Breakdown calls

- **Six breakdown call-outs per contract year are included.** Each call-out covers the engineer's attendance and on-site diagnosis and repair labour for that breakdown.
- Further call-outs in the same contract year are charged per call.
- **Priority response:** Silver calls are taken ahead of non-contract calls in the queue, within our 2-4 hour on-site response in the Hyderabad region.

## What is not included

- Parts, spares and workshop component repairs (quoted separately)
- Loan drives and infrared thermography, which are part of AMC Gold

## Working with your team

A named engineer is assigned to your contract and, as far as rosters allow, makes the preventive visits himself, so he knows your machines. Your maintenance team is welcome to work alongside on each visit; we explain what we find and what to watch for between visits. Findings that need action before the next visit are flagged to your in-charge the same day.

## Moving up or down

If breakdown call-outs regularly run out before the year ends, or a line becomes critical, AMC Gold (/services/amc-gold) gives unlimited call-outs, a guaranteed response time and a loan drive. If the plant has stabilised, AMC Bronze (/services/amc-bronze) may be enough at renewal. All three tiers are compared at /services/amc.`,
    brands: [
      "ABB ACS355/ACS550/ACS580/ACS880, ACS800",
      "Siemens SINAMICS G120/S120, SIMATIC S7-300/400/1200/1500, WinCC",
      "Allen-Bradley PowerFlex 525/753/755, CompactLogix, ControlLogix, PanelView Plus",
      "Schneider Altivar ATV320/ATV630/ATV930, Modicon M241/M340",
      "Delta C2000, MS300, DVP PLCs",
      "Yaskawa V1000, A1000, GA700",
      "Mitsubishi FR-A800, MELSEC Q/iQ-R, MR-J4 servo",
      "Danfoss VLT FC 102/FC 302",
    ],
    faults: [
      "Overtemperature trips from dust build-up between quarterly checks",
      "Recurring drive trips needing outside diagnosis a few times a year",
      "PLC or HMI faults where the in-house team lacks software or licences",
      "Gradual rise in drive current or DC-bus ripple going unnoticed",
      "Backups falling out of date after frequent program changes",
    ],
    deliverables: [
      "Equipment schedule, named engineer and visit calendar",
      "6 or 12 preventive visits a year",
      "Six breakdown call-outs included per contract year",
      "Priority response on breakdown calls",
      "Report after every visit and year-end condition summary",
      "Backups of programs, projects and parameters at every visit",
    ],
    turnaround:
      "Visits every month or every two months; breakdown calls on priority within 2-4 hours in the Hyderabad region.",
    faqs: [
      {
        question: "What counts as one breakdown call-out?",
        answer:
          "One attendance for one breakdown, including diagnosis and on-site repair labour until the equipment is running or handed over for workshop repair. A return visit for the same fault within the warranty period is not counted again.",
      },
      {
        question: "Monthly or every two months: which do we need?",
        answer:
          "We recommend after the site survey. Monthly visits suit dusty or hot environments and plants with many drives; every two months suits cleaner plants such as pharma and food.",
      },
      {
        question: "Do unused call-outs carry over to the next year?",
        answer:
          "No. Included call-outs apply to the contract year. If you use few of them, the year-end summary will show whether Bronze would suit you better at renewal.",
      },
    ],
    servicePaths: ["/services/amc-silver"],
  },
  {
    name: "AMC Gold",
    category: "Automation",
    summary:
      "Full-cover maintenance contract: monthly visits, unlimited breakdown call-outs, guaranteed on-site response, loan drive while yours is repaired, thermography.",
    description: `AMC Gold is for continuous-process plants and critical lines where every hour of downtime matters: kilns and mills in cement plants, rolling and processing lines in steel, tablet and filling lines in pharma, extrusion and packaging lines running three shifts. It includes everything in Bronze and Silver, with the highest level of breakdown cover.

## What is included

- **Monthly preventive visits (12 a year)** on fixed dates, moved to match your planned shutdowns where needed
- Inspection and cleaning of the drives, PLCs, HMIs, panels, UPS and CNC controls in the equipment schedule
- Supply, DC-bus and load measurements on each drive, trended visit to visit
- Fault history review and investigation of every recurring trip
- Backup of PLC programs, HMI projects and drive parameters at every visit
- **Infrared thermography of panels twice a year**, with a thermal image report of hot spots in busbars, feeders, contactors, terminals and drives, each ranked by temperature rise and urgency
- A written report after each visit and a year-end condition summary with recommended replacements

## Breakdown cover

- **Unlimited breakdown call-outs** for the equipment in the schedule, with attendance and on-site diagnosis and repair labour included
- **Guaranteed response:** an engineer on site within 2 hours for sites in the Hyderabad region, at any hour. For sites outside the region, the guaranteed time for each site is written into the contract.
- **Loan drive:** when a drive in the equipment schedule has to come to our workshop, we fit a loan drive of suitable rating from our stock, load your parameters and get the machine running, then refit your repaired drive. The ratings and makes covered are listed in the equipment schedule when the contract is signed, so that suitable units are held in stock.

## What is not included

- Parts, spares and workshop component repairs, which are quoted separately and carried out after your approval
- Equipment not listed in the equipment schedule

## Why the visits matter as much as the cover

Monthly trending of drive currents and DC-bus voltages, fan condition and panel temperatures shows problems before they stop production. Thermography finds loose or overloaded connections that cannot be seen by eye. The aim of Gold is fewer breakdowns, not only faster ones.

## Comparing tiers

All three tiers are compared at /services/amc. For lighter cover, see AMC Silver (/services/amc-silver) and AMC Bronze (/services/amc-bronze).`,
    brands: [
      "ABB ACS550/ACS580/ACS880, ACS800",
      "Siemens SINAMICS G120/S120, SIMATIC S7-300/400/1500, WinCC",
      "Allen-Bradley PowerFlex 753/755, ControlLogix, PanelView Plus",
      "Schneider Altivar ATV630/ATV930, Modicon M340",
      "Yaskawa A1000, GA700, Sigma-7 servo",
      "Mitsubishi FR-A800, MELSEC iQ-R, MR-J4 servo",
      "Danfoss VLT FC 102/FC 302",
      "Parker SSD 590+ DC drives",
      "Fanuc 0i-MF controls, alpha i/beta iSV amplifiers",
    ],
    faults: [
      "Unplanned stops on critical continuous-process lines",
      "Long waits for drive repair with no spare on the shelf",
      "Hot spots in panels and MCCs found only after a failure",
      "Recurring trips that need root-cause investigation",
      "Breakdowns at night and on holidays needing a fixed response time",
    ],
    deliverables: [
      "Equipment schedule with loan-drive ratings and visit calendar",
      "12 preventive visits a year",
      "Unlimited breakdown call-outs with guaranteed response",
      "Loan drive while a scheduled drive is in our workshop",
      "Infrared thermography report twice a year",
      "Report after every visit, backups at every visit and a year-end condition summary",
    ],
    turnaround:
      "Monthly visits; breakdown response on site within 2 hours in the Hyderabad region, guaranteed, at any hour; elsewhere as written in the contract.",
    faqs: [
      {
        question: "What if no loan drive of our rating is in stock?",
        answer:
          "The makes and ratings to be covered are agreed in the equipment schedule before the contract starts, and we hold suitable units for them. Drives not in the schedule are not covered by the loan arrangement.",
      },
      {
        question: "Are parts free under Gold?",
        answer:
          "No. Labour for breakdown call-outs is included without limit; parts, spares and workshop component repairs are quoted and carried out after your approval, as in the other tiers.",
      },
      {
        question: "What does the thermography report show?",
        answer:
          "Thermal and visible images of each hot spot, the measured temperature, the temperature rise over similar parts under similar load, and a recommended action and urgency. Surveys are done with the panels under normal load, as thermography cannot find faults on unloaded circuits.",
      },
      {
        question: "Does unlimited mean any equipment in the plant?",
        answer:
          "Unlimited call-outs apply to the equipment listed in the equipment schedule. Other equipment can be attended at our standard terms, or added to the schedule.",
      },
    ],
    servicePaths: ["/services/amc-gold"],
  },
  {
    name: "Commissioning Support",
    category: "Automation",
    summary:
      "Engineers for drive, PLC, HMI and panel commissioning: pre-commissioning checks, loop checks, motor identification runs, SAT and handover records.",
    description: `New lines, machine relocations and plant expansions all reach a point where the panels are wired, the motors are mounted and somebody has to bring it all to life safely. We supply engineers to commission drives, PLCs, HMIs and control panels for plant owners, OEMs, panel builders and EPC contractors.

## Scope of work

- **Pre-commissioning checks.** Visual inspection of panels against drawings, termination tightness, ferrule and cable tag checks, earthing continuity, and insulation resistance tests of motors and cables before power is applied.
- **Power-up.** Step-by-step energisation of incomers, control transformers, 24 V DC supplies and PLC racks, with voltages recorded at each step.
- **I/O and loop checks.** Each input and output checked from field device to PLC and HMI, with analogue signals checked at several points against a calibrator.
- **Drive commissioning.** Entry of motor nameplate data, motor identification (autotune) runs, direction checks, acceleration and deceleration settings, braking, speed reference and fieldbus set-up, and protection settings. Servo axes are tuned with the mechanism coupled.
- **PLC and HMI.** Download of the application, interlock tests, sequence tests in manual and auto, alarm checks.
- **Performance runs.** Trial runs with product, with trend records of key values, and punch-list tracking until closure.

## How we work with your team

Our engineers follow your plant's permit-to-work and lock-out procedures and the commissioning plan agreed with the project manager. Changes to programs or parameters are recorded in a change log each day. Where we find wiring or design errors, we mark up the drawings and report them; corrections are made with the panel builder's or designer's agreement.

## Standards and documents

Insulation testing and inspection follow the practice of IS 732 and the manufacturers' manuals. Panel checks refer to IS/IEC 61439 for assemblies. Our records can be attached to your FAT/SAT documents and, for pharma plants, to IQ/OQ protocols written by your validation team.

## Handover

- Pre-commissioning and loop-check sheets
- Drive parameter sets and PLC/HMI project files as commissioned
- Marked-up drawings for as-built updates
- Punch list with status
- Short handover session for your operators and maintenance staff

Commissioning engineers can be booked for a few days or for the length of a project. For longer deployments, see /services/automation-engineers.`,
    brands: [
      "ABB ACS580/ACS880 drives",
      "Siemens SINAMICS G120/S120, SIMATIC S7-1200/1500, WinCC",
      "Allen-Bradley PowerFlex 525/755, CompactLogix, ControlLogix",
      "Schneider Altivar ATV320/ATV630/ATV930, Modicon M241/M340",
      "Delta C2000, MS300, DVP PLCs",
      "Yaskawa GA700, Sigma-7 servo",
      "Mitsubishi FR-A800, MELSEC iQ-R, MR-J4 servo",
      "Danfoss VLT FC 102/FC 302",
    ],
    faults: [
      "Motors running in the wrong direction or tripping on first start",
      "Wiring not matching drawings, missing or swapped I/O",
      "Analogue signals scaled wrongly between field, PLC and HMI",
      "Drives not tuned, tripping on acceleration or deceleration",
      "Interlocks untested before handover",
      "No commissioning records for validation or insurance",
    ],
    deliverables: [
      "Pre-commissioning and insulation resistance test sheets",
      "I/O and loop-check records",
      "Commissioned drive parameters and PLC/HMI project files",
      "Marked-up drawings and punch list",
      "Daily change log and handover session",
    ],
    turnaround:
      "Engineers mobilised within a few working days of order in India; urgent mobilisation in the Hyderabad region at shorter notice.",
    faqs: [
      {
        question: "Do you commission equipment we did not buy from you?",
        answer:
          "Yes. Most of our commissioning work is on equipment supplied by others. We need the drawings, the PLC and HMI programs, and the drive and motor data before we start.",
      },
      {
        question: "Can you write the PLC program as well?",
        answer:
          "Yes, under a separate scope. Commissioning support assumes the application is supplied; if it is not, programming is quoted as part of the project.",
      },
      {
        question: "Do your engineers travel outside Telangana?",
        answer:
          "Yes. We commission equipment at plants across India and, for longer jobs, arrange the engineer's travel and stay as part of the quotation.",
      },
    ],
    servicePaths: ["/services/commissioning-support"],
    featured: true,
  },
  {
    name: "Retrofit & Modernization",
    category: "Automation",
    summary:
      "Migration of obsolete PLCs, drives and HMIs to current platforms, such as S5 to S7-1500 and SLC 500 to CompactLogix, with the least possible downtime.",
    description: `Many plants still run on controllers and drives that the makers no longer support: SIMATIC S5, SLC 500 and PLC-5, MICROMASTER drives, early Altivar and ACS600 drives. They run until a module fails and no spare can be found. A planned migration replaces them on your schedule rather than during a breakdown.

## Typical migrations

| Existing | Migrated to |
|---|---|
| Siemens SIMATIC S5 | SIMATIC S7-1500 with TIA Portal |
| Siemens S7-300/400 | S7-1500 |
| Allen-Bradley SLC 500 | CompactLogix |
| Allen-Bradley PLC-5 | ControlLogix |
| MICROMASTER 420/440 | SINAMICS G120 |
| ABB ACS600/ACS800 | ACS880 |
| Altivar ATV31/ATV71 | Altivar ATV320/ATV930 |
| Older operator panels | Current HMIs of similar cut-out |

## How a migration is done

1. **Survey and audit.** We record every module, I/O point, network and drive, upload the existing programs and parameters, and list what the machine actually does, including undocumented changes made over the years.
2. **Program conversion.** Converter tools give a starting point. S5 programs can be converted with the S5/S7 converter of STEP 7 V5.x and then migrated to TIA Portal; SLC 500 and PLC-5 programs can be translated into Logix projects with Rockwell's conversion tool. Converted code is always reviewed and partly rewritten: addressing, timers, indirect addressing and communication blocks behave differently on the new platform.
3. **Hardware design.** We decide whether to keep field wiring and I/O (for example, keeping 1746 I/O chassis under a Logix controller through a 1747-AENTR EtherNet/IP adapter, as an interim step) or to replace the I/O with new terminal strips and wiring harnesses.
4. **Offline testing.** The new program is tested against simulation or a test rack before any site work.
5. **Cut-over.** Changeover is planned for a shutdown window, with the old system kept intact so that it can be put back if needed. Each I/O point is re-checked, sequences are tested in manual and auto, and the line is run with your operators.

## Drives

Drive replacement includes checking motor compatibility (insulation of older motors with fast-switching drives, cable length, output filters), transferring the function of every parameter rather than only the numbers, and re-tuning with the motor coupled.

## What you receive

A survey report and migration plan with risks and a rollback plan, new drawings, commented programs, I/O and parameter lists, test records and operator training. Migrations can be done in stages, line by line. To plan one, use /request.`,
    brands: [
      "Siemens SIMATIC S5, S7-300/400 to S7-1500, MICROMASTER to SINAMICS G120",
      "Allen-Bradley SLC 500/PLC-5 to CompactLogix/ControlLogix, PowerFlex 70/700 to PowerFlex 755",
      "ABB ACS600/ACS800 to ACS880",
      "Schneider Altivar ATV31/ATV71 to ATV320/ATV930, Modicon TSX to M340/M580",
      "Mitsubishi MELSEC A-series to Q/iQ-R",
      "Omron C-series/CQM1 to CJ2/NX",
    ],
    faults: [
      "PLC or drive series discontinued, spares unavailable",
      "Programming software only runs on old computers",
      "No support for modern networks or remote diagnostics",
      "Repeated failures of ageing I/O modules and power supplies",
      "Drives with DC-bus capacitors and fans at end of life",
      "Undocumented programs that nobody in the plant understands",
    ],
    deliverables: [
      "Survey report and migration plan with rollback arrangements",
      "New electrical drawings and I/O lists",
      "Converted and commented PLC and HMI programs",
      "Drive parameter sets and test records",
      "Cut-over support and operator training",
    ],
    turnaround:
      "Project-based; survey within a week of request, cut-over planned into your shutdown window, typically one to a few days per machine.",
    faqs: [
      {
        question: "Can we migrate without replacing the field wiring?",
        answer:
          "Often, yes. Some platforms allow old I/O to be kept under a new controller for a time, and wiring conversion systems exist for some product families. Where neither fits, we pre-wire new terminal strips so that the cut-over is a matter of moving cores.",
      },
      {
        question: "How long will the line be down?",
        answer:
          "It depends on I/O count and complexity. Because programs are tested offline and wiring is prepared in advance, a single machine is usually changed over within a planned shutdown. We give a cut-over plan with times before work starts.",
      },
      {
        question: "Will the converted program behave exactly like the old one?",
        answer:
          "That is the aim, and we test it against the old behaviour. Converter output always needs review, and some functions are better rewritten. Any deliberate change in behaviour is agreed with you first.",
      },
    ],
    servicePaths: ["/services/retrofit-modernization"],
    featured: true,
  },
  {
    name: "Control Panel Retrofit",
    category: "Electrical",
    summary:
      "Rebuilding ageing control and MCC panels: new switchgear, drives, PLCs and wiring in existing or new enclosures, with drawings updated to as-built.",
    description: `Old control panels collect problems: heat-damaged wiring, undersized cables added over the years, contactors and relays no longer made, no drawings matching what is inside. A panel retrofit renews the panel's contents and wiring while keeping the machine, its motors and often the enclosure.

## What a retrofit can include

- Replacement of relay and timer logic with a PLC, or of an obsolete PLC with a current one
- Replacement of DOL and star-delta starters with soft starters or VFDs where the process benefits
- New MCCBs, MPCBs, contactors and overload relays selected for type-2 coordination to IEC 60947-4-1
- Complete rewiring with correctly sized, ferruled and colour-coded wires, trunking and terminal strips
- Segregation of power, control and signal wiring to reduce interference from drives
- Panel cooling: heat-load calculation and fitting of filter fans, heat exchangers or panel air conditioners sized for the drives inside
- Surge protection, earthing bar and bonding of doors and gland plates
- Door-mounted pilot lights, selector switches and emergency stop circuits to the plant's standard

## How the work is done

1. **Survey.** We trace the existing wiring, photograph every section, record every load and its rating, and agree with you what must stay and what changes.
2. **Design.** New schematics and a panel layout are drawn before work starts, with a bill of materials for your approval. Assemblies are designed to IS/IEC 61439, and the enclosure degree of protection is chosen to IS/IEC 60529 for the location (for example dust in cement plants, washdown in food plants).
3. **Build.** Where the enclosure is sound, new mounting plates are pre-built in our workshop so that site work is short. Where it is not, a new panel is built and swapped.
4. **Testing.** Before dispatch: wiring continuity, insulation resistance and a functional test of the control circuit. On site: insulation resistance of outgoing cables and motors, phase rotation, interlock and emergency stop tests, and load run of every feeder.

## Documents

You receive as-built schematics and layout drawings in editable form, a bill of materials with make and part numbers, the PLC and drive settings, and a test report. Drawings are placed in a pocket inside the panel door as well.

## On-site or workshop

Pre-building in our Balanagar workshop keeps the shutdown to the time needed for removal, fixing and reconnection. Small panels can be rebuilt entirely in the workshop. For migration of the PLC or drives in the panel, see /services/retrofit-modernization.`,
    brands: [
      "Siemens SIRIUS switchgear, SIMATIC S7-1200/1500, SINAMICS G120",
      "Schneider TeSys, Compact NSX, Altivar ATV320/ATV630, Modicon M221/M241",
      "ABB Tmax, MS-series MPCBs, ACS580 drives",
      "L&T dsine MCCBs, MOG motor protection circuit breakers, MNX contactors",
      "Allen-Bradley CompactLogix, PowerFlex 525",
      "Delta MS300/C2000 drives, DVP PLCs",
      "Rittal enclosures and climate control",
    ],
    faults: [
      "Heat-damaged or brittle wiring, discoloured terminals",
      "Obsolete relays, timers and contactors with no spares",
      "Panels running hot after VFDs were added without cooling",
      "No drawings matching the panel's present wiring",
      "Nuisance tripping and interference from drive cables",
      "Missing or inadequate earthing and door bonding",
    ],
    deliverables: [
      "Survey report with photographs and load list",
      "Schematics, layout and bill of materials for approval",
      "Workshop-built mounting plates or complete new panel",
      "Insulation resistance and functional test report",
      "As-built drawings in editable form",
      "6-month warranty on workmanship",
    ],
    turnaround:
      "Survey within a week; workshop build typically 1-3 weeks depending on size and parts; site cut-over in a planned shutdown.",
    faqs: [
      {
        question: "Can we keep our existing enclosure?",
        answer:
          "Yes, if it is structurally sound and large enough for the new equipment and its cooling. We check this at survey; new components often take less space than the old ones, but drives need room for airflow.",
      },
      {
        question: "Will our electrical inspector need to see the retrofit?",
        answer:
          "Changes to installations may need to be reported under the CEA (Measures relating to Safety and Electric Supply) Regulations, depending on voltage and scope. We provide the test records and drawings your electrical supervisor or inspector needs.",
      },
      {
        question: "Do you use a particular make of switchgear?",
        answer:
          "We use the makes in your plant standard so that your spares remain useful. If you have no standard, we propose makes that are easily available in India.",
      },
    ],
    servicePaths: ["/services/panel-retrofit"],
  },
  {
    name: "Process Optimization",
    category: "Automation",
    summary:
      "Measured improvements to running lines: PID loop tuning, drive and sequence tuning, speed control of pumps and fans, and cycle-time analysis.",
    description: `Many lines run below what their equipment can do, not because anything has failed, but because loops were never tuned, sequences contain waiting time nobody noticed, or flow is throttled by dampers and valves that a drive could replace. Process optimisation is about measuring first, then making changes you can verify.

## What we look at

- **Control loops.** Temperature, pressure, flow, level and tension loops that oscillate, respond slowly or are left in manual. We record the loop, identify the process response and retune, with before-and-after trends.
- **Sequences and cycle time.** Timers set generously during commissioning, interlocks that wait for slow confirmations, and conveyors that stop and start more than they need to. We log each step and show where the time goes.
- **Drive settings.** Acceleration and deceleration ramps, slip compensation, torque limits and control mode (V/f or vector) matched to the load; load sharing between drives on common conveyors or winders.
- **Pumps and fans.** Where flow is controlled by throttling, we measure power and flow and assess speed control by VFD. For centrifugal pumps and fans, shaft power falls roughly with the cube of speed, but static head and system curves reduce the benefit, so each case is measured, not assumed.
- **Start-up and changeover.** Steps and checks at start-up and product changeover that can be automated or put in a better order.

## How the work is done

1. **Baseline.** We agree the measures with you: cycle time, output per shift, energy per unit, reject rate or loop deviation. These are logged for a representative period using the PLC, SCADA or portable loggers.
2. **Analysis.** We go through the trends and the PLC program with your process and maintenance engineers and propose changes, each with its expected effect and risk.
3. **Changes.** Changes are made one at a time, during agreed windows, under your change-control procedure, with the old settings recorded so they can be restored.
4. **Verification.** The same measures are logged again under comparable conditions and compared with the baseline.

## What you receive

A report with the baseline data, each change made, the before-and-after measurements, and recommendations that need investment (new drives, instruments or valves) listed separately. We do not promise a percentage improvement before measuring; the report shows what was achieved on your plant.`,
    brands: [
      "Siemens SIMATIC S7-1200/1500, PCS 7 PID blocks, SINAMICS G120",
      "Allen-Bradley CompactLogix/ControlLogix PIDE, PowerFlex 525/755",
      "Schneider Modicon M340, Altivar ATV630",
      "ABB ACS580/ACS880",
      "Mitsubishi MELSEC iQ-R, FR-A800",
      "Yaskawa GA700",
      "Danfoss VLT FC 102 for pumps and fans",
    ],
    faults: [
      "Temperature or pressure loops oscillating or left in manual",
      "Cycle time longer than the machine's design",
      "Dampers and valves throttling flow on constant-speed fans and pumps",
      "Conveyors and winders with tension or load-sharing problems",
      "Long start-up and changeover times",
      "Output varying widely between shifts with no clear cause",
    ],
    deliverables: [
      "Baseline measurement plan and data",
      "Analysis report with proposed changes and risks",
      "Tuned loops and settings with before-and-after trends",
      "Record of old and new parameters for every change",
      "Verification report against the baseline",
    ],
    turnaround:
      "Typically 1-2 weeks per line including baseline logging; larger studies scheduled by agreement.",
    faqs: [
      {
        question: "How much will we save?",
        answer:
          "We cannot say before measuring. The baseline and the verification logging show the actual change on your plant, under comparable conditions.",
      },
      {
        question: "Do changes need a shutdown?",
        answer:
          "Loop tuning and most parameter changes are done with the process running, carefully and in small steps. Program changes to sequences are downloaded in agreed windows.",
      },
      {
        question: "Can you work within our change-control system?",
        answer:
          "Yes. Each change is raised, approved and recorded through your procedure, with the old values kept for rollback.",
      },
    ],
    servicePaths: ["/services/process-optimization"],
  },
  {
    name: "Sensor-Based Error Detection",
    category: "Automation",
    summary:
      "Adding sensors and PLC logic that catch jams, misfeeds, missing parts and equipment wear early, with clear alarms that say where and what.",
    description: `Many machine stops and rejects start with something small that nobody detected in time: a carton skewed on a conveyor, a cap not fully seated, a motor drawing more current as a bearing wears, a blocked chute. Sensor-based error detection adds the sensing and logic to catch these events early and tells the operator exactly what happened and where.

## What we detect

- **Material flow:** jams, pile-ups, gaps and skew on conveyors; blocked chutes and hoppers; web breaks on winders and printing lines
- **Part presence and position:** missing caps, labels, inserts or components; parts out of position before a press or sealing station
- **Machine condition:** motor current rising above its normal band, zero-speed on driven pulleys (belt slip), bearing temperature, vibration on critical fans and pumps
- **Utilities:** low air pressure, low coolant flow, filter blockage by differential pressure
- **Operator actions:** guard doors opened in the wrong step, manual overrides left on

## Sensors we use

Photoelectric and laser sensors, inductive and capacitive proximity sensors, ultrasonic level and distance sensors, vision sensors for presence and orientation, speed monitors, RTDs and thermocouples, vibration transmitters and current transducers. Where the PLC supports it, IO-Link sensors are used so that sensor diagnostics and settings are visible in the PLC, and a replaced sensor takes its settings automatically.

## How the work is done

1. **Study the stops.** We go through the machine's stop and reject records with your production team and watch the machine running, to find the events worth detecting.
2. **Choose the sensing.** Sensor type, mounting, and what the PLC should do on detection are agreed: alarm only, slow down, stop the section, or reject the product.
3. **Install and program.** Sensors are mounted with proper brackets and cable routing; PLC logic is added with debounce and time windows to avoid false alarms; HMI alarms state the location and the likely cause in plain words.
4. **Prove it.** Each detection is tested by simulating the real fault, and false-trip behaviour is observed over a production run before handover.

## What you receive

An updated I/O list and drawings, commented PLC and HMI changes, a list of detections with their settings, and a short note for operators and maintenance on what each new alarm means and what to do. Detection logs can be passed to SCADA (/services/scada-system) for trend and stop analysis.`,
    brands: [
      "Sick W-series photoelectric sensors, Inspector vision sensors",
      "ifm inductive sensors, IO-Link masters, VSE vibration diagnostics",
      "Pepperl+Fuchs proximity and ultrasonic sensors",
      "Omron E3Z/E2E sensors, CP1/CJ2/NX PLCs",
      "Keyence IV series vision sensors, LR-Z sensors",
      "Balluff IO-Link sensors",
      "Autonics proximity and photoelectric sensors",
      "Siemens SIMATIC S7-1200/1500 with IO-Link masters",
    ],
    faults: [
      "Unexplained conveyor jams and pile-ups",
      "Missing caps, labels or components reaching the customer",
      "Belt slip and zero-speed not detected",
      "Motor overloads from wear detected only at trip",
      "Generic alarms that do not say where the fault is",
      "False trips from poorly mounted or unsuitable sensors",
    ],
    deliverables: [
      "Study of stops and proposed detection list",
      "Installed and aligned sensors with cable routing",
      "Commented PLC and HMI changes",
      "Test record for each detection",
      "Updated I/O list, drawings and operator note",
    ],
    turnaround:
      "Study and proposal within a week; installation typically 2-5 days per machine, done in planned stops.",
    faqs: [
      {
        question: "Will more sensors mean more nuisance stops?",
        answer:
          "Not if the sensing is chosen and programmed well. We use time windows, debounce and confirmation logic, and we observe the machine over a production run before handing over.",
      },
      {
        question: "Can these sensors be added to an old PLC?",
        answer:
          "Usually, if spare inputs exist. If not, a small remote I/O or an expansion module is added. IO-Link needs a master that the PLC can communicate with.",
      },
      {
        question: "Is this the same as machine safety?",
        answer:
          "No. Error detection protects product and equipment. Guarding and safety functions that protect people must use safety-rated devices and circuits; see Process Interlocks at /services/process-interlocks.",
      },
    ],
    servicePaths: ["/services/sensor-based-error-detection"],
  },
  {
    name: "Process Interlocks",
    category: "Automation",
    summary:
      "Design, programming and testing of process and machine interlocks: start permissives, sequence interlocks, cause-and-effect matrices and safety relay circuits.",
    description: `Interlocks stop equipment from doing the wrong thing at the wrong time: a conveyor starting before the one downstream is running, a mixer starting with the lid open, a burner lighting before purge is complete, two air-lock doors opening together. We design, program and test interlocks so that they work as intended and are documented.

## Types of interlock

- **Start permissives:** conditions that must be true before a motor or sequence can start (lubrication pressure, downstream running, valves in position)
- **Running interlocks:** conditions that stop equipment if lost (zero-speed, belt sway, pull-cord, level switches, motor overloads)
- **Sequence interlocks:** steps that must follow one another in a fixed order, such as conveyor start-up in reverse order of flow
- **Door and access interlocks:** clean-room air locks, machine guards with interlocked switches, panel doors
- **Safety-related interlocks:** emergency stops, guard interlocks and two-hand controls using safety relays, safety controllers or safety PLCs

## How the work is done

1. **Define.** We prepare an interlock list or cause-and-effect matrix with your process and safety engineers: each cause, each effect, and whether it is a process or a safety function.
2. **Design.** Process interlocks are implemented in the PLC with clear alarm messages. Safety functions are designed with safety-rated devices; where your risk assessment sets a required performance level or SIL, the design is made to meet it under ISO 13849-1 or IEC 62061. The risk assessment itself, and any SIL determination for process safety systems under IEC 61511, remains with your safety team or a specialist assessor.
3. **Implement.** Hardwired and programmed interlocks are installed and configured. Bypasses, where unavoidable for maintenance, are key-switched, time-limited and shown on the HMI.
4. **Test.** Each line of the cause-and-effect matrix is tested by actually creating the cause, not by forcing the PLC bit, and the effect is recorded. Test sheets are signed by your engineer.

## Periodic proof testing

Interlocks that are never tested may not work when needed. We can set up a proof-test schedule and test sheets so that your team can repeat the tests at fixed intervals, or include the tests in AMC visits (/services/amc).

## What you receive

The interlock list or cause-and-effect matrix, updated drawings and PLC program, bypass register, signed test sheets and a proof-test procedure.`,
    brands: [
      "Siemens SIMATIC S7-1500F/S7-1200F safety PLCs, SIRIUS 3SK safety relays",
      "Allen-Bradley GuardLogix, Compact GuardLogix, Guardmaster safety relays",
      "Pilz PNOZ safety relays, PNOZmulti",
      "Sick Flexi Soft safety controller, safety light curtains",
      "Schneider Preventa safety modules, Modicon M340",
      "Omron G9SP safety controllers, NX safety",
      "Euchner and Schmersal interlock switches",
    ],
    faults: [
      "Conveyors starting out of sequence and spilling material",
      "Interlocks bypassed with jumpers and never restored",
      "No written interlock list or cause-and-effect matrix",
      "Air-lock doors able to open together in clean areas",
      "Emergency stop circuits wired through standard relays",
      "Trips with no indication of which interlock acted",
    ],
    deliverables: [
      "Interlock list or cause-and-effect matrix",
      "Updated drawings and commented PLC program",
      "Bypass register and HMI bypass indication",
      "Signed interlock test sheets",
      "Proof-test procedure and schedule",
    ],
    turnaround:
      "Interlock list and design in 1-2 weeks; implementation and testing in planned stops, typically a few days per machine or section.",
    faqs: [
      {
        question: "Can safety interlocks be done in an ordinary PLC?",
        answer:
          "Safety functions should use safety-rated devices: a safety relay, safety controller or safety PLC. An ordinary PLC can monitor and report them, but should not be the only means of making the machine safe.",
      },
      {
        question: "Do you carry out the risk assessment?",
        answer:
          "We take part and contribute technical input, but the risk assessment and the required performance level or SIL are decided by your safety team or an assessor. We design and test to meet them.",
      },
      {
        question: "How often should interlocks be tested?",
        answer:
          "At intervals set by the risk assessment and the device makers; safety functions often have a stated proof-test interval. Process interlocks on critical equipment are commonly tested at each major shutdown.",
      },
    ],
    servicePaths: ["/services/process-interlocks"],
  },
  {
    name: "Quality Checkpoints",
    category: "Automation",
    summary:
      "Inline inspection stations with automatic reject: vision checks, code reading, weight and presence checks, reject confirmation and batch-linked records.",
    description: `A quality checkpoint is an inspection station built into the line that checks every product, rejects the bad ones automatically and records what it found. It replaces or supports manual sampling where defects are costly or where customers and regulators expect every unit to be checked.

## What can be checked

- **Presence and completeness:** caps, seals, leaflets, labels, components in an assembly
- **Codes and print:** barcodes, 2D codes, batch numbers and expiry dates, checked for presence and readability and compared against the batch data where required
- **Dimensions and position:** part orientation, fill level, label position and skew
- **Weight:** integration of checkweighers with the line PLC for reject and count records
- **Foreign matter:** integration of metal detectors with the line, including reject confirmation
- **Process values:** torque on capping heads, sealing temperature and pressure, recorded per unit or per batch

## How a checkpoint is built

1. **Define the defect.** With your quality team we define what counts as a reject, with samples of good and bad product.
2. **Choose the method.** Vision sensor or smart camera, code reader, photoelectric or laser sensor, or integration with existing checkweighers and metal detectors. Lighting and mounting are tried on your actual product before the design is fixed.
3. **Reject with confirmation.** A reject device (air blast, pusher, diverter) is added with tracking in the PLC, so the right unit is rejected at line speed. A sensor confirms the reject actually happened, and the line stops if it did not, or if the reject bin is full.
4. **Records.** Counts of inspected, passed and rejected units, with reasons, are logged per batch on the HMI or SCADA and can be exported for batch records.
5. **Challenge tests.** Test samples with known defects are run through at production speed to prove detection and reject; the procedure is written so your team can repeat it at start-up and after changeovers.

## Pharma and food lines

For regulated lines, we work within your change control and supply the design, test and challenge records your validation team needs. Configuration of user access and audit trail follows what the chosen device supports.

## What you receive

The inspection station installed and tuned, commented PLC and HMI changes, challenge-test procedure and records, a settings record for each inspection recipe, and operator training. For supporting detection of machine faults rather than product defects, see /services/sensor-based-error-detection.`,
    brands: [
      "Cognex In-Sight vision systems, DataMan code readers",
      "Keyence CV-X and IV series vision, SR code readers",
      "Sick Inspector and Lector code readers",
      "Omron FH/FQ vision, MicroHAWK readers",
      "Datalogic code readers",
      "Mettler-Toledo checkweighers and metal detectors (line integration)",
      "Siemens SIMATIC S7-1200/1500, Allen-Bradley CompactLogix for reject tracking",
    ],
    faults: [
      "Defective units reaching customers despite sampling",
      "Rejects removing the wrong product at line speed",
      "No confirmation that rejected units left the line",
      "Unreadable or wrong batch codes found at dispatch",
      "No per-batch inspection records for audits",
      "False rejects from poor lighting or mounting",
    ],
    deliverables: [
      "Defect definition and inspection method agreed with quality",
      "Installed inspection station with reject and reject confirmation",
      "Commented PLC and HMI changes and recipe settings record",
      "Challenge-test procedure and test records",
      "Operator training",
    ],
    turnaround:
      "Trials on product samples within 1-2 weeks; installation and tuning typically 3-7 days per station in planned stops.",
    faqs: [
      {
        question: "Can one camera check everything?",
        answer:
          "Sometimes, but checks that need different lighting or views are usually more reliable with separate sensors. We try the checks on your product before fixing the design.",
      },
      {
        question: "What happens when the reject bin is full?",
        answer:
          "A bin-full sensor stops the line or raises an alarm before the bin overflows, so that rejected product cannot find its way back onto the line.",
      },
      {
        question: "Can the checkpoint read our batch data automatically?",
        answer:
          "Yes, where the batch data is available from the line PLC, SCADA or a coding system. The checkpoint then compares the printed code with the expected one for each unit.",
      },
    ],
    servicePaths: ["/services/quality-checkpoints"],
  },
  {
    name: "Automation Training",
    category: "Automation",
    summary:
      "Hands-on courses for engineers on PLCs, drives, HMI and SCADA: programming, commissioning and fault finding on real hardware, at our workshop or your plant.",
    description: `Plants depend more on automation every year, but many maintenance and project engineers learnt PLCs and drives on the job, on whichever system their first plant used. Our automation courses give engineers structured, hands-on practice on the platforms they actually have to support.

## Courses

- **PLC programming, Siemens:** SIMATIC S7-1200/1500 in TIA Portal: hardware configuration, ladder and FBD, data blocks, timers and counters, analogue scaling, online diagnostics and backup. A separate module covers S7-300/400 in STEP 7 V5.x for plants that still run them.
- **PLC programming, Rockwell:** CompactLogix and ControlLogix in Studio 5000 Logix Designer: tags, routines, add-on instructions, I/O configuration, fault codes and online edits.
- **PLC programming, others:** Mitsubishi MELSEC with GX Works, Schneider Modicon with EcoStruxure Machine Expert, Delta DVP with ISPSoft, according to demand.
- **AC drives:** drive hardware and power circuits, parameter set-up, motor identification, V/f and vector control, braking, fieldbus control, fault codes and safe fault finding.
- **HMI and SCADA:** screen building, alarms, trends, recipes and user management in WinCC and FactoryTalk View.
- **Industrial networks:** PROFINET, EtherNet/IP, PROFIBUS and Modbus: addressing, diagnostics, cabling practice and common faults.

## How the courses run

Courses are taught by our service engineers, who do this work on plants every week. Most of each day is practical work on training kits with real PLCs, drives, motors and HMIs. Batches are kept small so that each participant or pair has a kit.

Courses can be held in our training room at the Balanagar workshop or at your plant, using our kits or your own spare equipment. Content can be built around your machines and programs, which is often the most useful option for a plant team.

## Levels

- **Basic:** for engineers new to a platform
- **Intermediate:** for engineers who maintain systems and need to make changes safely and find faults
- **Customised:** built around a specific plant, line or project

## After the course

Each participant receives course notes and the exercise files, and you receive an attendance record with topics covered and a short assessment of each participant's practical work, so you can plan the next step. For operators and technicians, see /services/operator-training and /services/maintenance-training.`,
    brands: [
      "Siemens SIMATIC S7-1200/1500 (TIA Portal), S7-300/400 (STEP 7 V5.x), WinCC",
      "Allen-Bradley CompactLogix/ControlLogix (Studio 5000), PanelView Plus, FactoryTalk View",
      "Mitsubishi MELSEC FX/Q/iQ-R (GX Works)",
      "Schneider Modicon M221/M241 (EcoStruxure Machine Expert), Altivar drives",
      "Delta DVP PLCs, C2000/MS300 drives",
      "ABB ACS580/ACS880 drives",
      "Siemens SINAMICS G120, Allen-Bradley PowerFlex 525",
    ],
    faults: [
      "Engineers unable to go online and diagnose a PLC fault",
      "Program changes made without backup or documentation",
      "Drives reset repeatedly without the cause being found",
      "Dependence on OEMs for small program changes",
      "New platforms installed without trained staff",
    ],
    deliverables: [
      "Course plan agreed in advance with your training or maintenance head",
      "Hands-on sessions on training kits or your own equipment",
      "Course notes and exercise files for each participant",
      "Attendance record with topics covered",
      "Practical assessment summary for each participant",
    ],
    turnaround:
      "Standard courses of 2-5 days; customised courses scheduled after a planning discussion, usually within a few weeks.",
    faqs: [
      {
        question: "Do participants need to bring laptops?",
        answer:
          "For courses in our training room, we provide laptops with the software. For on-site courses, we bring laptops for the exercises unless your engineers want to use their own licensed installations.",
      },
      {
        question: "Can you train on our own machine programs?",
        answer:
          "Yes, and it is often the most useful approach. We use a copy of your program on a training kit, so your live machine is not touched.",
      },
      {
        question: "Is the training in English?",
        answer:
          "Course notes are in English. Sessions are conducted in English, Hindi or Telugu, or a mix, as suits the group.",
      },
    ],
    servicePaths: ["/services/automation-training"],
  },
  {
    name: "Operator Training",
    category: "Automation",
    summary:
      "Practical training for machine operators on HMI use, start-up and shutdown, alarms, safe stops and first checks, at your plant in the operators' language.",
    description: `Many stops and some accidents begin with an operator who was never properly shown how the machine works: which screen shows why it stopped, what a particular alarm means, what must be checked before restart. Operator training gives operators the confidence to run the machine correctly and to report faults clearly.

## What operators learn

- The layout of the machine: its sections, drives, sensors, guards and emergency stops, shown on the machine itself
- The HMI: navigation, manual and auto modes, setpoints and recipes they are allowed to change, and those they are not
- Start-up and shutdown sequences, and the checks before each
- Alarms: what each common alarm means, which ones the operator can clear and which need maintenance
- Safe stops: emergency stop, guard opening, and why interlocks must never be bypassed
- First checks: air pressure, product jams, sensor alignment, reject bins, and what to note before calling maintenance
- Basic electrical safety: why panels are not opened by operators and how to report a hazard

## How the training is done

1. **Preparation.** We study the machine, its HMI project and its stop records, and talk to supervisors about the mistakes and stops they see most.
2. **Material.** A short illustrated handout for the machine is prepared, with screen photographs, start-up and shutdown steps, and an alarm table in plain words.
3. **Sessions.** Training is done at the machine in small groups, in Telugu, Hindi or English as suits the group, with each operator carrying out the steps under supervision. Sessions are arranged around shifts so that production continues.
4. **Check.** Each operator demonstrates start-up, shutdown and the response to common alarms. Supervisors receive a record of who was trained and who needs more practice.

## Where it helps most

New machines at handover, after a retrofit or HMI change, for new operators joining a line, and on lines where stop records show repeated operator-related stops. We often combine operator training with commissioning (/services/commissioning-support) or with an HMI project (/services/hmi-scada).

## What you receive

Machine-specific operator handouts that you can reprint, an alarm table, training attendance and practical check records, and observations on HMI or machine changes that would reduce operator errors.`,
    brands: [
      "Siemens SIMATIC HMI KTP/TP Comfort panels, WinCC",
      "Allen-Bradley PanelView Plus, FactoryTalk View",
      "Schneider Magelis panels",
      "Mitsubishi GOT2000 panels",
      "Omron NB/NS/NA panels",
      "Delta DOP-B panels",
      "Weintek MT8000/cMT panels",
    ],
    faults: [
      "Stops caused by wrong start-up or changeover steps",
      "Operators resetting alarms without knowing the cause",
      "Setpoints changed outside allowed limits",
      "Interlocks bypassed to keep production running",
      "Unclear fault reports to maintenance",
    ],
    deliverables: [
      "Machine-specific operator handout with screen photographs",
      "Alarm table in plain words",
      "Training sessions at the machine in the operators' language",
      "Attendance and practical check record per operator",
      "Observations on HMI and machine improvements",
    ],
    turnaround:
      "Preparation in about a week; training sessions of 2-4 hours per group, arranged around shifts.",
    faqs: [
      {
        question: "Can training be done without stopping production?",
        answer:
          "Mostly yes. Explanations and HMI navigation are done with the machine running; start-up and shutdown practice is arranged at shift changes or planned stops.",
      },
      {
        question: "Do you train in Telugu?",
        answer:
          "Yes. Sessions are conducted in Telugu, Hindi or English as suits the group; handouts can be prepared with key steps in Telugu or Hindi alongside English.",
      },
      {
        question: "Do operators get any troubleshooting training?",
        answer:
          "Only first checks that are safe for operators: jams, air pressure, sensor alignment, reject bins. Electrical fault finding is covered in Maintenance Training.",
      },
    ],
    servicePaths: ["/services/operator-training"],
  },
  {
    name: "Maintenance Training",
    category: "Automation",
    summary:
      "Training for electricians and maintenance technicians: safe isolation, drive and PLC fault finding, backups, preventive maintenance and reading drawings.",
    description: `Maintenance technicians are the first to reach a stopped machine. Whether the stop lasts ten minutes or ten hours often depends on whether they can isolate safely, read the drawings, read the fault on the drive or PLC, and tell a real fault from a symptom. Our maintenance training builds these skills on real equipment.

## Topics

- **Safe working:** isolation and lock-out/tag-out, proving dead, discharge time of drive DC-bus capacitors, permit-to-work, and working near live parts only where unavoidable and with the right precautions
- **Reading drawings:** power and control schematics, terminal and cable schedules, PLC I/O drawings, and tracing a fault from symptom to component
- **Instruments:** correct use of multimeters, clamp meters, insulation resistance testers and phase sequence meters, and common measurement mistakes
- **AC drives:** what each fault code family means (overcurrent, overvoltage, undervoltage, earth fault, overtemperature, overload), how to find whether the cause is the supply, the motor, the cable, the load or the drive, and how to back up and restore parameters
- **Motors and starters:** insulation testing, winding resistance, bearing and cooling checks; DOL, star-delta and soft starter circuits
- **PLCs:** status LEDs, going online, watching I/O, diagnostic buffers, replacing a module, and backup and restore of programs
- **Preventive maintenance:** cleaning and inspection routines for drives and panels, fan and filter replacement, termination checks, thermography basics, and keeping records

## How the training is done

Sessions combine short explanations with practical work on our training kits and on your own equipment under permit. Fault-finding exercises use faults set up on the kits (open inputs, wrong parameters, disconnected motor phases, failed fans) so technicians practise the method safely. Training is given by our service engineers, in Telugu, Hindi or English.

Courses can run at our Balanagar training room or at your plant. At your plant, we can base exercises on your own machines and your most frequent breakdowns.

## Building your own procedures

A useful output of maintenance training is a set of plant-specific documents: a drive fault-finding guide for your common drives, a preventive maintenance checklist for your panels, and a backup register. We can prepare these with your team during the course. Fault code references are available at /technical-data.

## What you receive

Course notes, plant-specific checklists where agreed, an attendance record with topics covered, and a practical assessment summary for each participant.`,
    brands: [
      "ABB ACS355/ACS550/ACS580/ACS880",
      "Siemens SINAMICS G120, MICROMASTER 440, SIMATIC S7-300/1200/1500",
      "Allen-Bradley PowerFlex 40/525/755, MicroLogix, CompactLogix",
      "Schneider Altivar ATV312/ATV320/ATV630, Modicon M221",
      "Delta VFD-B, C2000, MS300, DVP PLCs",
      "Yaskawa V1000, A1000",
      "Mitsubishi FR-E700/A800, MELSEC FX",
      "Danfoss VLT FC 302",
    ],
    faults: [
      "Long breakdowns because technicians cannot read the drawings",
      "Drives replaced when the fault was in the motor or cable",
      "Unsafe work on panels without proving dead",
      "Parameters lost when a drive or keypad was replaced",
      "Preventive maintenance done without a checklist or records",
    ],
    deliverables: [
      "Course plan agreed with your maintenance head",
      "Practical sessions on training kits and your equipment",
      "Course notes and plant-specific checklists where agreed",
      "Attendance record with topics covered",
      "Practical assessment summary for each participant",
    ],
    turnaround:
      "Courses of 2-5 days, or modules of a few hours spread over several weeks to suit shift rosters.",
    faqs: [
      {
        question: "Is this suitable for ITI electricians?",
        answer:
          "Yes. The course is designed for ITI-qualified electricians and diploma technicians. We check each group's starting level on the first day and adjust the pace.",
      },
      {
        question: "Will technicians be able to repair drive boards after the course?",
        answer:
          "No. The course teaches diagnosis at the level of the drive, motor, cable and supply, safe replacement and parameter handling. Board-level repair needs workshop equipment; it is done at our workshop under VFD Repair (/services/vfd-repair).",
      },
      {
        question: "Can the course be split around shifts?",
        answer:
          "Yes. Modules of a few hours can be run for each shift over several weeks, so that all technicians are covered without leaving any shift short.",
      },
    ],
    servicePaths: ["/services/maintenance-training"],
  },
  {
    name: "Technical Webinars",
    category: "Automation",
    summary:
      "Online sessions by our service engineers on drive faults, PLC migration, panel care and other practical topics; open to all or private for one plant team.",
    description: `Our technical webinars are short online sessions, usually about an hour including questions, in which our service engineers explain a practical topic from the repair bench or the plant floor. They are meant for maintenance engineers, electrical supervisors and plant engineers who cannot leave the plant for a full course.

## Topics we cover

- **VFD fault finding:** reading overcurrent, overvoltage, undervoltage and earth fault trips, and telling a drive fault from a motor, cable or supply fault
- **DC-bus capacitors:** why drives kept in stores need reforming before use, and how ageing capacitors show up in operation
- **Backups:** building a backup register for PLC programs, HMI projects and drive parameters, and where to keep the copies
- **Migration planning:** moving from S5, S7-300, SLC 500 or PLC-5 to current platforms without long shutdowns
- **Panel health:** heat in drive panels, cooling design, termination checks, and what thermography can and cannot find
- **Harmonics:** where drive harmonics come from, what IEEE 519 limits apply to, and the practical options (chokes, filters, multi-pulse and active front-end drives)
- **Motor and cable issues with drives:** long motor cables, reflected-wave voltage, bearing currents, and when output filters are needed
- **Industrial networks:** common PROFINET and EtherNet/IP faults and how to diagnose them

## Format

Each session has a short presentation with photographs and measurements from real jobs, a worked example, and time for questions. Participants are welcome to send their questions in advance. Sessions are conducted in English, with Hindi or Telugu where the group prefers.

## Open and private sessions

- **Open sessions** are announced on this website and to people who have asked to be told. To be informed, send your name, company and e-mail through /contact.
- **Private sessions** are arranged for one company's engineers, on a topic and at a time that suits the plant, and can use the plant's own equipment and cases. They work well for groups spread across several plants.

## After the session

Participants receive the presentation slides and links to related references on our site, such as the drive fault code tables at /technical-data. Questions that need a site visit or a repair are followed up through /request.`,
    brands: [
      "ABB ACS550/ACS580/ACS880",
      "Siemens SINAMICS G120, SIMATIC S7-300/1500",
      "Allen-Bradley PowerFlex 525/755, SLC 500, CompactLogix",
      "Schneider Altivar ATV320/ATV630",
      "Delta C2000, MS300",
      "Danfoss VLT FC 102/FC 302",
    ],
    faults: [
      "Repeated drive trips with the root cause not understood",
      "Stored spare drives failing when first powered",
      "No backups available when equipment fails",
      "Harmonic problems after adding many drives",
      "Motor insulation or bearing failures on drive-fed motors",
    ],
    deliverables: [
      "Live online session of about an hour with questions",
      "Presentation slides for participants",
      "Links to related technical references",
      "Private sessions on a topic and date chosen by your plant",
    ],
    turnaround:
      "Open sessions as announced; private sessions arranged usually within two to three weeks of request.",
    faqs: [
      {
        question: "How do we join an open session?",
        answer:
          "Send your details through /contact and ask to be told about webinars. We send the joining link before each session.",
      },
      {
        question: "Are sessions recorded?",
        answer:
          "Private sessions can be recorded for your internal use if you ask in advance. Participants receive the slides in every case.",
      },
      {
        question: "Can we suggest a topic?",
        answer:
          "Yes. Topics are chosen from the questions we are asked most often on service calls, and suggestions from plant engineers are welcome.",
      },
    ],
    servicePaths: ["/services/technical-webinars"],
  },
  {
    name: "Automation Engineers (Manpower)",
    category: "Automation",
    summary:
      "PLC, SCADA, drive and instrumentation engineers deployed at your plant or project on a daily, monthly or project basis, backed by our service team.",
    description: `Projects, expansions and staff vacancies all create periods when a plant needs more automation skill than its own team has. We deploy our own automation engineers at your site for as long as the work needs, with the backing of our workshop and service team in Hyderabad.

## Roles we fill

- **PLC and HMI engineers:** program changes, fault finding, new logic and screens, backups and documentation
- **SCADA engineers:** SCADA maintenance, tag and alarm changes, historian and report work, communication troubleshooting
- **Drive engineers:** drive commissioning, parameter management, tuning and fault finding for AC, DC and servo drives
- **Commissioning engineers:** I/O checks, loop checks and start-up for new lines and projects
- **Resident maintenance engineers:** day-to-day automation support on a shift or general-shift basis

## How deployment works

1. **Requirement.** You tell us the role, the platforms (for example S7-1500 with WinCC, or ControlLogix with FactoryTalk), the shift pattern, the duration and the site conditions.
2. **Profile.** We propose an engineer with the matching experience and share a profile of his or her past work. For longer deployments, you can interview the engineer first.
3. **Mobilisation.** The engineer reports with personal protective equipment, a laptop with the required software, and the documents your contractor-entry process requires.
4. **Support.** The deployed engineer can call on our senior engineers and workshop for difficult faults, repairs and spares, so your site is not limited to what one person knows.
5. **Reporting.** A daily or weekly log of work done, changes made and open issues is shared with your engineer-in-charge.

## Terms of deployment

Engineers are employed by us and remain on our payroll. We handle statutory obligations as their employer, including PF and ESI where applicable, and provide the records that your contractor compliance process asks for. Engineers follow your plant's safety rules, permit-to-work system and change-control procedures. Program changes are made only on the written instruction of your engineer-in-charge.

## Durations

From a few days of cover for leave or a shutdown, to a full project period, to a resident engineer on a yearly arrangement. Replacement is arranged if a deployed engineer is unavailable for an extended period. For related roles, see /services/electrical-technicians and /services/project-managers.`,
    brands: [
      "Siemens SIMATIC S7-300/400/1200/1500, TIA Portal, WinCC, SINAMICS",
      "Allen-Bradley CompactLogix/ControlLogix, FactoryTalk View, PowerFlex",
      "Schneider Modicon M340/M580, Altivar",
      "Mitsubishi MELSEC Q/iQ-R, GOT2000",
      "Omron CJ2/NX, Sysmac Studio",
      "ABB ACS580/ACS880, AC500",
      "Delta DVP PLCs, C2000 drives",
    ],
    faults: [
      "Automation vacancy in the plant team with no quick replacement",
      "Project schedule slipping for want of commissioning engineers",
      "OEM engineers unavailable or slow to travel to site",
      "Shift maintenance without anyone able to go online to a PLC",
      "Backlog of program changes and documentation",
    ],
    deliverables: [
      "Engineer profile matched to your platforms",
      "Engineer on site with PPE, laptop and licensed software",
      "Daily or weekly work log",
      "Back-up from our senior engineers and workshop",
      "Statutory compliance records for contractor entry",
    ],
    turnaround:
      "Short deployments in the Hyderabad region at a few days' notice; longer or outstation deployments usually within one to two weeks.",
    faqs: [
      {
        question: "Can we interview the engineer before deployment?",
        answer:
          "Yes, for deployments of a month or more. For short cover, we send an engineer with the platform experience you asked for and share the profile in advance.",
      },
      {
        question: "Who is responsible for the engineer's statutory compliance?",
        answer:
          "We are, as the employer. We provide the PF, ESI and other records your contractor compliance process asks for.",
      },
      {
        question: "Can the engineer work night shifts?",
        answer:
          "Yes, subject to the shift pattern agreed in the order and applicable rules on working hours. Round-the-clock cover needs more than one engineer.",
      },
    ],
    servicePaths: ["/services/automation-engineers"],
  },
  {
    name: "Electrical Technicians (Manpower)",
    category: "Electrical",
    summary:
      "Skilled electricians and wiremen for panel wiring, cable laying and termination, MCC and motor maintenance, deployed for projects, shutdowns or resident work.",
    description: `Electrical work on a plant needs people who can terminate a cable properly, read a schematic and work safely on low-voltage systems. We deploy qualified electrical technicians for projects, shutdowns and day-to-day maintenance, supervised by our engineers.

## Work our technicians do

- Panel wiring and modification to drawings, with ferruling and cable tagging
- Cable laying on trays and in trenches, glanding and termination of power and control cables
- Maintenance of MCCs, PCCs and distribution boards: cleaning, termination tightening, contactor and relay replacement
- Motor maintenance: insulation resistance tests, winding resistance checks, terminal box work, coupling and alignment checks with the mechanical team
- Lighting, earthing and small power installation
- Support to our automation engineers during commissioning: I/O checks, loop checks and field device installation

## Qualifications and safety

Technicians are ITI-qualified electricians or diploma holders with plant experience. For work that requires it, we deploy people holding the appropriate licence or permit issued by the state electrical licensing authority, and work on electrical installations is done under the supervision required by the CEA (Measures relating to Safety and Electric Supply) Regulations. Each technician is briefed on your plant's permit-to-work and lock-out/tag-out procedures and works only on isolated and proved-dead equipment unless a specific live-work procedure applies.

Technicians come with their own personal protective equipment (safety shoes, helmet, insulated gloves of the right class for the voltage) and hand tools. Test instruments are supplied as the job requires.

## How deployment works

1. You tell us the work, the number of technicians, the shift pattern and the duration.
2. We propose a team, with a supervisor or engineer for larger teams.
3. The team reports with PPE, tools and the documents your contractor entry requires.
4. Work is recorded in a daily log; test results (insulation resistance, continuity, earth resistance) are recorded on test sheets.

## Terms

Technicians are on our payroll, and we meet the employer's statutory obligations, including PF and ESI where applicable and the requirements of the Contract Labour (Regulation and Abolition) Act, 1970 for contract deployments. Deployments range from a few days to yearly resident arrangements. For larger shutdown work, see /services/shutdown-teams.`,
    brands: [
      "Siemens SIRIUS switchgear and SIMATIC I/O wiring",
      "Schneider TeSys, Compact NSX, Masterpact",
      "ABB Tmax, Emax ACBs",
      "L&T dsine MCCBs, MNX contactors, C-Power ACBs",
      "Crompton Greaves, Siemens and ABB LV motors",
      "Havells and Polycab cables and cable systems",
    ],
    faults: [
      "Shortage of skilled electricians during projects and shutdowns",
      "Poor terminations causing heating and nuisance trips",
      "Panel modifications not matching drawings",
      "No insulation resistance or test records after work",
      "Unsafe working practices by untrained contract labour",
    ],
    deliverables: [
      "Team matched to the work, with supervisor for larger teams",
      "Technicians with PPE and hand tools",
      "Daily work log",
      "Insulation resistance, continuity and earth test sheets",
      "Statutory compliance records for contractor entry",
    ],
    turnaround:
      "Teams in the Hyderabad region at a few days' notice; outstation teams usually within one to two weeks.",
    faqs: [
      {
        question: "Do your technicians hold electrical licences?",
        answer:
          "Technicians who need a licence or permit for the work they do hold one from the state licensing authority. Tell us what the work involves and we deploy accordingly.",
      },
      {
        question: "Can you provide a supervisor as well?",
        answer:
          "Yes. For teams of more than a few technicians, or work that needs a qualified supervisor, we include a supervisor or engineer.",
      },
      {
        question: "Do technicians bring test instruments?",
        answer:
          "Personal tools and PPE always. Instruments such as insulation resistance testers and earth testers are supplied as the job needs them, with calibration records.",
      },
    ],
    servicePaths: ["/services/electrical-technicians"],
  },
  {
    name: "Project Managers (Manpower)",
    category: "Automation",
    summary:
      "Automation and electrical project managers to plan, co-ordinate and close out installations, migrations and expansions on your behalf.",
    description: `Automation projects fail more often for lack of co-ordination than for lack of technical skill: drawings arrive late, panels are delivered before the cable trays, software is tested only when the line is already due to start. We provide experienced project managers who have run automation and electrical projects themselves, to plan and co-ordinate yours.

## What the project manager does

- **Scope and plan.** Breaks the project into work packages, prepares the schedule with dependencies and shutdown windows, and identifies long-lead items such as drives, panels and imported components.
- **Vendor co-ordination.** Tracks OEMs, panel builders, cable contractors, civil and mechanical teams, and software suppliers against the schedule; chairs progress meetings and issues minutes with actions.
- **Engineering documents.** Controls drawing and document revisions, reviews I/O lists, cable schedules and functional specifications for consistency, and makes sure the latest revision is what gets built.
- **Testing.** Plans and witnesses factory acceptance tests (FAT) of panels and software, and site acceptance tests (SAT), with punch lists tracked to closure.
- **Safety.** Works with your safety officer on method statements, permits and the safety of contractors on site.
- **Commissioning and handover.** Plans the cut-over for migrations, the commissioning sequence for new lines, and the handover of documents, spares and training.

## How we work

The project manager works for you, not for any one vendor. He or she reports to your project head, uses your approval process for changes and payments, and keeps a risk and issue register that is reviewed weekly. Where useful, the project manager can call on our engineers for technical reviews of drawings, programs and panel builds.

## Typical projects

- New packaging or process lines with several OEM machines to integrate
- PLC and drive migrations across a plant in stages
- Utility automation: compressors, chillers, water treatment, energy metering
- Plant expansions with new MCCs, drives and SCADA

## Engagement

Project managers can be engaged full-time on site for the project's duration or part-time, with fixed site days each week and remote co-ordination in between. Engagement terms are set out in the quotation. For technical staff on the same project, see /services/automation-engineers.`,
    brands: [
      "Siemens SIMATIC S7-1500, WinCC, SINAMICS projects",
      "Rockwell ControlLogix/CompactLogix, FactoryTalk, PowerFlex projects",
      "Schneider Modicon M340/M580, Altivar projects",
      "ABB ACS880 and AC500 projects",
      "Mitsubishi MELSEC iQ-R projects",
      "Microsoft Project and Primavera P6 scheduling",
    ],
    faults: [
      "Project schedules slipping without early warning",
      "Interfaces between OEM machines left undefined",
      "Drawings and programs built to outdated revisions",
      "FAT skipped or incomplete, problems found only on site",
      "Punch lists left open after handover",
    ],
    deliverables: [
      "Project schedule with dependencies and shutdown windows",
      "Weekly progress reports and meeting minutes",
      "Risk and issue register",
      "FAT and SAT plans, records and punch-list tracking",
      "Handover dossier of documents, spares lists and training records",
    ],
    turnaround:
      "Project manager proposed within a week of request; mobilisation as the project schedule requires.",
    faqs: [
      {
        question: "Does the project manager need to be on site full-time?",
        answer:
          "Not always. Smaller projects can be managed with fixed site days each week. Installation and commissioning phases usually need full-time presence.",
      },
      {
        question: "Can the project manager manage vendors we selected?",
        answer:
          "Yes. The project manager represents you and co-ordinates all vendors, including OEMs and contractors you have chosen, against the agreed schedule.",
      },
      {
        question: "Is the project manager also the technical lead?",
        answer:
          "The project manager has an automation or electrical engineering background and reviews technical documents, but detailed programming and commissioning are done by engineers assigned to the work.",
      },
    ],
    servicePaths: ["/services/project-managers"],
  },
  {
    name: "Shutdown Teams",
    category: "Electrical",
    summary:
      "Supervised electrical and automation teams for planned shutdowns: MCC and panel overhaul, drive servicing, IR testing and restart support, to a fixed plan.",
    description: `Annual and planned shutdowns are the only time much of a plant's electrical system can be worked on, and the time is always short. We provide complete, supervised teams of engineers and technicians who plan the electrical and automation work with you beforehand and complete it within the shutdown window.

## Typical shutdown scope

- **MCCs and PCCs:** cleaning, busbar and termination tightening to torque values, checks of contactors, overload relays and MCCBs, replacement of worn parts
- **Air circuit breakers:** cleaning, operating mechanism checks, contact inspection and functional trip tests, in co-ordination with the breaker maker where warranty or specialist testing requires
- **Drives:** cleaning of heatsinks and filters, fan replacement, DC-bus and capacitor checks, parameter backup, firmware records
- **Motors:** insulation resistance and polarisation index tests, terminal box inspection, support to the mechanical team for bearing and coupling work
- **Cables and earthing:** insulation resistance of feeders, termination checks, earth pit resistance measurement
- **PLCs and instruments:** battery replacement, program backup, I/O checks on critical interlocks, sensor cleaning and alignment
- **Modifications:** retrofit jobs planned for the shutdown, such as panel changes and drive replacements

## Planning

1. **Scope review.** Weeks before the shutdown, we go through your job list, the last shutdown's findings and any thermography or AMC reports, and visit the site.
2. **Job plans.** Each job is listed with its isolation points, manpower, tools, spares and duration. Spares and consumables that must be bought are listed early.
3. **Team and schedule.** The team size and shift plan are fixed to complete the scope within the window, with the critical path identified.

## During the shutdown

The team works under your permit-to-work system with a team leader as the single point of contact. A daily progress report lists jobs completed, findings, and any job at risk of delay, so that decisions can be taken the same day. Defects beyond the planned scope are reported with a recommendation before work is added.

## Restart

Before restart, isolations are removed in a controlled order, insulation resistance is re-checked where work was done, drives and PLCs are powered and verified, and our team stays through the first start-up to deal with any electrical problems.

## What you receive

Job plans, daily progress reports, test records (insulation resistance, earth resistance, torque checks), a findings list with photographs, and a close-out report with recommendations for the next shutdown.`,
    brands: [
      "ABB ACS550/ACS800/ACS880 drives, Emax ACBs",
      "Siemens SINAMICS, SIMATIC S7-300/1500, SENTRON breakers",
      "Schneider Altivar drives, Masterpact ACBs, Compact NSX",
      "L&T C-Power ACBs, dsine MCCBs",
      "Allen-Bradley PowerFlex 753/755, ControlLogix",
      "Danfoss VLT FC 102/FC 302",
      "Parker SSD 590+ DC drives",
    ],
    faults: [
      "Shutdown jobs overrunning the planned window",
      "Loose busbar and cable terminations found by thermography",
      "Clogged drive heatsinks and failed fans",
      "Low insulation resistance on motors and feeders",
      "Electrical problems at restart after the shutdown",
    ],
    deliverables: [
      "Job plans with isolations, manpower, spares and duration",
      "Supervised team with team leader",
      "Daily progress reports",
      "Test records and findings with photographs",
      "Close-out report with recommendations for the next shutdown",
    ],
    turnaround:
      "Planning begins several weeks before the shutdown; team size set to complete the agreed scope within your window.",
    faqs: [
      {
        question: "How early should we contact you for a shutdown?",
        answer:
          "As early as possible, ideally four to six weeks before, so that the scope can be reviewed, spares bought and the team booked. Shorter notice is possible for smaller scopes.",
      },
      {
        question: "Can your team work round the clock?",
        answer:
          "Yes. Shutdown teams usually work in two or three shifts, each with its own leader, so that work continues without a break.",
      },
      {
        question: "Do you handle mechanical work too?",
        answer:
          "Our shutdown teams are electrical and automation teams. We work alongside your mechanical contractors and can co-ordinate with them on motors, couplings and drives.",
      },
    ],
    servicePaths: ["/services/shutdown-teams"],
  },
  {
    name: "Soft Starter Repair",
    category: "Automation",
    summary:
      "Repair of soft starters for pumps, fans, compressors and conveyors: thyristors, bypass contactors, firing and control boards, tested on a motor.",
    description: `Soft starters reduce starting current and mechanical shock on pumps, fans, compressors, crushers and conveyors. They are simpler than drives, but their thyristors, bypass contactors and control boards still fail, usually after repeated heavy starts, supply disturbances or overheating in a closed panel.

## What we repair

- Thyristor (SCR) pairs and modules in each phase, and their snubber networks
- Internal bypass contactors or relays: welded, burnt or not closing contacts, and coil circuits
- Firing circuits, current transformers and voltage sensing
- Control boards, keypads and displays, control power supplies
- Cooling fans and heatsink temperature sensors
- Communication options (Modbus, PROFIBUS, EtherNet/IP) where the fault is at board level

## How the repair is done

1. **Inspection and settings.** We record the model, rating and fault log, and note every setting (start mode, initial voltage or current limit, ramp times, stop mode, motor protection class) before work begins.
2. **Thyristor testing.** Each thyristor pair is checked for short circuit and leakage at blocking voltage and for gate triggering, because a meter test alone does not show a thyristor that breaks down under voltage.
3. **Repair.** Failed thyristors are replaced as matched parts with correct clamping force and thermal interface. Bypass contactors and failed board components are replaced.
4. **Cause.** We look for the reason behind the failure: too many starts per hour for the rating, a long start time on a high-inertia load, inadequate panel ventilation, or a fault on the motor side. The report tells you what we found.

## Testing before dispatch

The soft starter is run on a motor on our test bench through repeated start and stop cycles, with the current ramp and current limit checked on the oscilloscope or power analyser, the bypass closing at the end of the ramp, and the soft-stop function checked. Protection functions such as phase loss and overload are tested. Your settings are then restored.

## On-site or workshop

Large soft starters in MCCs can be repaired on site at thyristor and board level. On site we also check the application: the number of starts, the start time, supply voltage dip during starting and panel temperature. Where a soft starter keeps failing because the load needs speed control rather than a soft start, we say so; see VFD Repair at /services/vfd-repair for drive options.`,
    brands: [
      "ABB PSR, PSE, PSTX",
      "Siemens SIRIUS 3RW30/3RW40/3RW44/3RW55",
      "Schneider Altistart ATS22/ATS48/ATS480",
      "Allen-Bradley SMC-3, SMC Flex, SMC-50",
      "Danfoss VLT Soft Starter MCD 200/MCD 500/MCD 600",
      "AuCom soft starters",
    ],
    faults: [
      "Shorted SCR or phase-shorted trip at start",
      "Bypass contactor welded or not closing, starter overheating while running",
      "Phase loss or phase sequence trip with a healthy supply",
      "Motor not reaching speed, stall or excess start time trip",
      "Current imbalance trip",
      "Heatsink overtemperature, fan failed",
      "Starter dead, no display",
    ],
    deliverables: [
      "Inspection report with failed parts and probable cause",
      "Record and restoration of settings",
      "Start-stop cycle test on a motor with current ramp check",
      "Test certificate with serial number",
      "6-month warranty on the repair",
    ],
    turnaround:
      "24-48 hours in the workshop for most soft starters; on-site attendance within 2-4 hours in the Hyderabad region.",
    faqs: [
      {
        question: "Why do our soft starter thyristors keep failing?",
        answer:
          "Common causes are more starts per hour than the rating allows, long starts on high-inertia loads such as fans and crushers, a bypass contactor that does not close so the thyristors carry the running current, and high panel temperature. We check these at the site.",
      },
      {
        question: "Can we run the motor direct-on-line while the soft starter is repaired?",
        answer:
          "Only if the supply, the motor, the mechanical system and the protection are suitable for a direct start, and the change is made by a competent electrician with the correct protection settings. Often they are not; ask us before doing it.",
      },
      {
        question: "Should we replace the soft starter with a VFD?",
        answer:
          "Only if the process benefits from speed control. For a fixed-speed pump or fan that only needs a smooth start, a soft starter is simpler and has no harmonic load while bypassed.",
      },
    ],
    servicePaths: [],
  },
  {
    name: "Encoder & Feedback Device Repair",
    category: "Automation",
    summary:
      "Testing, repair and replacement of encoders, pulse coders, resolvers and tachogenerators, with cable repair and commutation alignment after fitting.",
    description: `Encoder and feedback faults stop servo axes, spindles and closed-loop drives, and they are often misdiagnosed: a broken cable core, a poor shield termination or contamination in a connector produces the same alarm as a failed encoder. We test the whole feedback path, repair what can be repaired and replace what cannot.

## What we handle

- Incremental encoders with square-wave (TTL/HTL) or sine-cosine outputs
- Absolute encoders with serial interfaces, such as EnDat, HIPERFACE and maker-specific serial protocols on servo motors
- Fanuc pulse coders on alpha i and beta i motors
- Resolvers on servo motors and tachogenerators on DC motors
- Encoder cables, connectors and shield terminations
- Encoder battery circuits and absolute-position backup on CNC machines

## How the repair is done

1. **Test the path.** Cable cores, shield continuity and insulation are checked; supply voltage at the encoder is measured under load; signals are checked on the oscilloscope for amplitude, phase and noise while the shaft is turned.
2. **Test the device.** Incremental signals are checked for correct quadrature and marker pulse; sine-cosine signals for amplitude and offset; serial encoders are read through a drive or interface of the right type; resolvers for winding resistance, insulation and output ratio.
3. **Repair where it is sound to do so.** Cable and connector faults are repaired or the cable is replaced. Some encoders and pulse coders can be repaired at component level (connector, interface board, light source). Encoders with damaged glass discs, worn bearings in sealed units, or disturbed internal alignment are generally not economical or reliable to repair; we replace them and say so.
4. **Fit and align.** On servo motors, a replaced encoder must be aligned to the motor's rotor position (commutation or pole-position offset). We carry this out with the drive maker's procedure and verify smooth running at low and high speed in both directions.

## Testing before dispatch

Repaired or replaced feedback devices are run on a matching drive and motor, and serial encoders are monitored for communication errors over an extended run. Motors with new encoders are run loaded and checked for current ripple and noise that indicate poor alignment.

## On-site or workshop

Cable faults, connector repairs, battery-related position loss and alignment are often dealt with on site. Encoder repairs and motor encoder replacement are done in the workshop, with the motor where alignment is needed. For the drives themselves, see /services/servo-drive-repair.`,
    brands: [
      "Heidenhain ERN/ECN/EQN motor encoders, ROD rotary encoders",
      "Sick DFS60, SRS/SRM HIPERFACE encoders",
      "Fanuc alpha i/beta i pulse coders",
      "Siemens 1FK7/1FT7 motor encoders (DRIVE-CLiQ)",
      "Yaskawa Sigma-5/Sigma-7 motor encoders",
      "Mitsubishi HG/HF servo motor encoders (MR-J3/MR-J4)",
      "Tamagawa encoders and resolvers",
      "Kübler, Hengstler and Baumer industrial encoders",
    ],
    faults: [
      "Encoder communication error alarms on servo drives",
      "Pulse coder alarms on CNC axes and spindles",
      "Lost absolute position after battery failure",
      "Axis or spindle hunting, noise or current ripple at constant speed",
      "Count errors or drifting position on incremental encoders",
      "Intermittent feedback loss when the cable moves",
      "DC motor speed hunting from a faulty tachogenerator",
    ],
    deliverables: [
      "Test report covering cable, supply and device",
      "Repair or replacement, with the reason stated",
      "Commutation alignment after replacement on servo motors",
      "Run test on a matching drive and motor",
      "6-month warranty on repairs",
    ],
    turnaround:
      "Testing and cable repairs within 24-48 hours; encoder replacement depends on part availability and is confirmed after testing.",
    faqs: [
      {
        question: "Can any encoder be repaired?",
        answer:
          "No. Cable, connector and some electronic faults can be repaired. Damaged discs, worn bearings in sealed units and disturbed internal alignment usually mean replacement. We test first and give you the reason for either.",
      },
      {
        question: "Do we need to send the motor with the encoder?",
        answer:
          "For servo motors, yes, when the encoder has to be replaced or removed, because it must be aligned to the rotor after fitting. For separately mounted encoders, the encoder alone is enough.",
      },
      {
        question: "Why do we keep getting encoder alarms after replacing the encoder?",
        answer:
          "The cause is often elsewhere: a damaged cable in a cable chain, a poor shield termination at the drive, interference from power cables routed alongside, or a failed interface in the drive. We test the whole path.",
      },
    ],
    servicePaths: [],
  },
];
