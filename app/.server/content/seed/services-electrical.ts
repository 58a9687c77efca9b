/**
 * Catalogue services: electrical workshop and site services, utilities, mechanical support and the
 * Industry 4.0 integration services. Content is technical and deliberately free of invented figures;
 * standards are cited by number so a reader can check them.
 */
import type { ServiceSeed } from "./types.ts";

export const electricalServices: ServiceSeed[] = [
  {
    name: "Motor Repair & Rewinding",
    category: "Electrical",
    summary:
      "Repair and rewinding of LT induction and DC motors: class F/H insulation, VPI, bearings, ISO 21940-11 balancing and full electrical testing.",
    description: `## What we repair

Three-phase LT squirrel-cage and slip-ring induction motors for 415 V, 50 Hz supply, from small fan and pump motors to the frame sizes used on crushers, mill drives and compressors, and DC shunt and compound motors still found on extruders, winders, cranes and older rolling-mill drives. Motors are repaired at our workshop in the Balanagar industrial area, Hyderabad; bearing changes on large machines that cannot be moved are done on site.

## Inspection before the quote

Every motor is tested as received: insulation resistance (IR) and polarisation index (PI), winding resistance per phase, and a surge comparison where the winding is intact. It is then dismantled and inspected — bearing housings and shaft journals for wear, rotor bars and end rings for cracks, the core for hot spots and rub marks. You receive the as-found findings with the quotation, so the repair-or-replace decision is made on evidence.

## Rewinding

- Winding data recorded before stripping: turns per coil, coil pitch, wire size, parallel paths and connection.
- Old winding removed in a temperature-controlled burn-off oven so the interlaminar insulation is not damaged; core loss checked before and after stripping.
- New winding in dual-coat enamelled copper with slot liners, wedges and phase separators of class F (155 °C) or class H (180 °C), as specified. Inverter-grade wire for motors on VFDs.
- Vacuum pressure impregnation (VPI) in class F/H varnish followed by oven curing; dip-and-bake for small random-wound motors where VPI is not justified.
- Winding data kept on file, so a repeat rewind of the same motor follows the same design.

## Mechanical work

Bearings are replaced with the type, internal clearance (C3 where specified) and grease given on the nameplate or in OEM data; insulated bearings or a shaft grounding ring are fitted on inverter-fed motors that show bearing fluting. Worn housings and journals are restored by sleeving or metal spraying and machining. Rotors are dynamically balanced to the grade agreed with you — G2.5 of ISO 21940-11 is usual for motor rotors.

## DC motors

Armature rewinding, commutator skimming and mica undercutting, riser re-soldering, field and interpole coil repair, brush-gear overhaul, brush grade selection and setting of the brush neutral axis.

## Final tests

| Test | What it confirms |
|---|---|
| IR and PI (IEEE 43 method) | Insulation condition after impregnation |
| Winding resistance | Phase balance and joint quality |
| Surge comparison | Turn-to-turn insulation |
| High-voltage test | Ground-wall insulation |
| No-load run | Current balance, bearing noise, vibration |
| Locked-rotor test at reduced voltage | Rotor cage condition and impedance balance |

If the drive feeding the motor also needs attention, see [VFD repair](/services/vfd-repair). To send a motor, raise a job through [/request](/request).`,
    brands: [
      "Siemens 1LA/1LE",
      "ABB M2BAX/M3BP",
      "CG Power (Crompton Greaves)",
      "Kirloskar Electric",
      "Bharat Bijlee",
      "WEG W22",
      "Havells",
      "Marathon Electric",
      "Siemens 1GG/1GH DC motors",
    ],
    faults: [
      "Winding burnt out or earth fault on one phase",
      "Single-phasing damage to one or two phases",
      "Low IR after flooding, washdown or a long shutdown",
      "Bearing noise, high vibration or bearing seizure",
      "Rotor rubbing the stator due to worn bearing housings",
      "Broken rotor bars: current hunting and slow acceleration under load",
      "Overheating at rated load",
      "Worn shaft at the bearing or coupling seat",
      "DC motor commutator sparking, flashover or grooving",
      "Open-circuit armature or field coil",
    ],
    deliverables: [
      "As-found inspection report with photographs and quotation",
      "Winding data sheet, retained for repeat rewinds",
      "Test report: IR/PI, winding resistance, surge, high-voltage, no-load and locked-rotor readings",
      "Balancing report stating residual unbalance and grade achieved",
      "6-month warranty on the repair",
      "Replaced parts returned on request",
    ],
    turnaround:
      "Bearing replacement and minor repairs in 24-48 hours; a complete LT rewind with VPI typically takes 3-7 working days depending on frame size.",
    faqs: [
      {
        question: "Does rewinding reduce a motor's efficiency?",
        answer:
          "It can, if the core is overheated while stripping or the winding design is changed (fewer turns, thinner wire, longer end windings). We control the burn-off temperature, check core loss before and after stripping and rewind to the original data.\n\nFor an old, heavily used IE1 motor, compare the rewind cost with an IE3 replacement before deciding — see [Energy Saving Projects](/services/energy-saving-projects).",
      },
      {
        question: "What insulation resistance is acceptable after repair?",
        answer:
          "We follow IEEE 43: for random-wound motors rated below 1 kV the recommended minimum one-minute IR, corrected to 40 °C, is 5 MΩ, and the polarisation index for class F and H insulation should be at least 2.0. A freshly impregnated winding is normally far above the minimum; the test report gives the measured values.",
      },
      {
        question: "Can you rewind motors that run on VFDs?",
        answer:
          "Yes. We use inverter-grade (corona-resistant) enamelled wire, full VPI and, where bearing fluting has been found, insulated bearings or a shaft grounding ring. Long motor cables may also need a dV/dt filter at the drive — see [VFD Panels](/services/vfd-panels).",
      },
      {
        question: "How do I send a motor for repair?",
        answer:
          "Raise a job through [/request](/request) with the nameplate photo and the symptoms. Tag the motor with your equipment number; we issue a job number on receipt, and the inspection report and quote follow before any work starts.",
      },
    ],
    servicePaths: ["/services/motor-repair"],
    featured: true,
  },
  {
    name: "HT/LT Panel Service",
    category: "Electrical",
    summary:
      "Preventive maintenance and testing of HT and LT switchboards: VCB, ACB and MCCB servicing, relay testing, IR and contact resistance, with test records.",
    description: `## Scope

Planned-shutdown maintenance and breakdown attendance on 11 kV and 33 kV indoor VCB panels, LT power control centres (PCC), ACB incomers and bus couplers, MCCB feeder boards, metering and protection cubicles. Work is carried out under your permit-to-work system, with isolation, proving dead and earthing of HT conductors before anyone touches them.

## Circuit breakers

**Vacuum circuit breakers (VCB)**

- Vacuum interrupter integrity checked by a high-voltage withstand test across the open contacts.
- Contact resistance measured with a micro-ohmmeter at DC test current, compared with the manufacturer's limit and previous readings.
- Closing and opening times, where the breaker and test kit allow.
- Spring-charging motor, closing and trip coils checked at minimum operating voltage; mechanism cleaned and lubricated with the grease the OEM specifies.
- Racking mechanism, shutters, mechanical and electrical interlocks, auxiliary switches and operation counter.

**Air circuit breakers (ACB)** — main and arcing contacts, contact wipe, arc chutes, cluster fingers, draw-out mechanism, and the release tested by secondary injection (or primary injection where required).

**MCCBs** — thermal-magnetic trips tested by primary current injection, electronic releases with the maker's test unit; terminals checked for heating.

## Protection relays and instrument transformers

Secondary injection with a three-phase relay test set: overcurrent and earth-fault pick-up and IDMT timing against the setting sheet (IEC 60255 curves), restricted earth fault, differential, under/over-voltage, and trip circuit supervision. CTs are checked for ratio, polarity and insulation; PTs for ratio and fuses. Every relay is proved to trip its own breaker. Where settings do not match the coordination study — or no study exists — we record it and can carry one out.

## Busbars and panel

| Check | Method |
|---|---|
| Hot joints before shutdown | Thermography under load |
| Busbar insulation | IR test phase-phase and phase-earth at the voltage suited to the system |
| Joint condition | Torque check; contact resistance where doubtful |
| Earthing | Continuity of panel earth bus to the station earth |
| Environment | Space heaters, thermostats, gaskets, vermin proofing |

## Records and regulations

The CEA (Measures relating to Safety and Electric Supply) Regulations, 2023 expect HT installations to be maintained and tested, with records available to the Electrical Inspector. Our report gives as-found and as-left values for every breaker, relay and busbar section, so the next shutdown can be compared with this one. Thermography and power quality work can be added — see [Electrical Safety Audit](/services/electrical-safety).`,
    brands: [
      "ABB VD4, Emax 2, Tmax XT",
      "Siemens 3AH VCB, 3WL ACB, 3VA MCCB",
      "Schneider Electric Evolis, Masterpact MTZ, ComPact NSX",
      "L&T / Lauritz Knudsen U-Power and C-Power ACBs, dsine MCCBs",
      "CG Power VCBs",
      "Siemens SIPROTEC 7SJ relays",
      "ABB Relion REF615 relays",
      "Schneider MiCOM P12x and Easergy P3 relays",
    ],
    faults: [
      "VCB fails to close or spring does not charge",
      "Breaker trips without a relay flag, or relay operates but breaker does not trip",
      "ACB release tripping on nuisance overload or earth fault",
      "Hot bus joints and discoloured cable lugs",
      "Low IR on busbars after monsoon condensation",
      "Racking mechanism jammed or interlock not releasing",
      "Relay settings lost after battery or auxiliary supply failure",
      "Trip circuit supervision alarm",
      "MCCB tripping below rated load",
    ],
    deliverables: [
      "Breaker-wise service checklist with as-found and as-left condition",
      "Contact resistance and IR test records",
      "Relay test report with pick-up and timing against settings",
      "CT/PT test results",
      "List of defects and recommended spares, prioritised",
      "Thermography images where included in the scope",
    ],
    turnaround:
      "Shutdown work planned to your window, commonly one shift per switchboard section; breakdown attendance within 2-4 hours in Hyderabad.",
    faqs: [
      {
        question: "How often should HT breakers be serviced?",
        answer:
          "Follow the manufacturer's schedule, which is based on years in service and number of operations, and the conditions of the room. Most plants combine the breaker service with the annual shutdown and do thermography under load between shutdowns.",
      },
      {
        question: "Do you bring your own test equipment?",
        answer:
          "Yes: insulation testers up to 5 kV, micro-ohmmeter, three-phase relay test set, primary injection set and thermal camera. The instrument and its calibration date are listed in the report.",
      },
      {
        question: "Can you change relay settings?",
        answer:
          "Only against an approved setting sheet. If settings need to change, we propose them with the coordination reasoning, and apply them after your electrical in-charge approves.",
      },
      {
        question: "Do you service SF6 ring main units?",
        answer:
          "We carry out external inspection, operation checks, SF6 pressure indication, cable termination and relay testing. Opening of gas compartments and gas handling is referred to the OEM.",
      },
    ],
    servicePaths: ["/services/ht-lt-panel"],
    featured: true,
  },
  {
    name: "Transformer & DG Set Maintenance",
    category: "Utility",
    summary:
      "Distribution transformer testing and upkeep (oil BDV, DGA, tan delta, IR/PI, OLTC) and DG set electrical maintenance: AVR, synchronising, load bank tests.",
    description: `## Transformers

Oil-filled distribution and power transformers at 11 kV and 33 kV, and dry-type transformers in substations and plant rooms.

**Oil tests**

- Breakdown voltage (BDV) on site with a portable oil test set, to IS 6792 / IEC 60156.
- Samples for dissolved gas analysis (DGA) taken in gas-tight syringes and sent to an accredited laboratory; results are interpreted against IEC 60599 (key gases, ratios, Duval triangle) and compared with earlier samples — the trend matters more than one result.
- Moisture, acidity, interfacial tension and resistivity through the same laboratory when the oil's condition is in question. Maintenance of oil in service follows IS 1866.

**Electrical tests**

| Test | Purpose |
|---|---|
| IR and PI, HV-LV, HV-earth, LV-earth | Bulk insulation condition and moisture |
| Tan delta / capacitance, windings and bushings | Insulation ageing and contamination |
| Winding resistance, every tap | Joints, tap-changer contacts |
| Turns ratio (TTR) and vector group | Winding integrity and connections |
| Magnetising current | Core and winding faults |

**OLTC and accessories** — diverter switch inspection, contact wear, diverter oil change, drive mechanism, limit switches and the RTCC panel with its AVR relay. Buchholz relay, pressure relief device, OTI/WTI calibration, magnetic oil gauge, silica-gel breather and conservator air cell are checked, and oil leaks attended. Oil filtration and dehydration are carried out with a filtration plant where the tests call for it.

## DG sets

Our scope is the electrical and control side of diesel generating sets, plus routine servicing. Engine major overhauls under OEM warranty are left to the authorised dealer.

- Alternator: IR/PI of stator and exciter, diode and surge suppressor checks on the rotating rectifier, bearing condition.
- AVR: sensing, stability and voltage trim set-up; replacement with a matched AVR when one fails.
- Controllers and protections: engine shutdowns, reverse power, over/under voltage and frequency, earth fault.
- Synchronising and load-sharing panels: breaker control, synchroscope and check-synch relay, kW and kVAr sharing, mains-parallel protection where the DG runs with the grid.
- Load bank test with a resistive load bank: step loading, voltage and frequency response, steady-state regulation, and an extended run to clear wet stacking on lightly loaded sets.
- Changeover and AMF panels, battery chargers and starting batteries.

Findings go into one report covering both machines, so the standby chain (grid, transformer, DG, changeover) is looked at as a whole. For HT switchgear on the same incomer see [HT/LT Panel Service](/services/ht-lt-panel).`,
    brands: [
      "Hitachi Energy (ABB) transformers",
      "Siemens / Siemens Energy transformers",
      "CG Power transformers",
      "Voltamp and Kirloskar Electric transformers",
      "Maschinenfabrik Reinhausen and CTR OLTCs",
      "Cummins, Kirloskar, Mahindra Powerol and Caterpillar DG sets",
      "Stamford AVRs MX321/MX341/SX460; Leroy-Somer R250/R450",
      "DEIF, ComAp InteliGen/InteliSys and Woodward easYgen controllers",
    ],
    faults: [
      "Low oil BDV or high moisture in oil",
      "Rising combustible gases in DGA",
      "Buchholz alarm or trip",
      "OLTC stuck between taps or tap-position indication wrong",
      "Oil leakage from gaskets, radiators or bushings",
      "DG not building voltage or voltage hunting",
      "DG sets not sharing kW or kVAr when synchronised",
      "Synchronising breaker refusing to close",
      "Reverse power trips during paralleling",
      "Wet stacking and smoke on lightly loaded DG sets",
    ],
    deliverables: [
      "Transformer test report with IR/PI, tan delta, winding resistance and ratio results",
      "Oil BDV record and laboratory DGA report with interpretation",
      "OLTC inspection sheet",
      "DG load bank test record: step response, voltage and frequency regulation",
      "AVR and synchronising panel settings record",
      "Prioritised list of corrective actions",
    ],
    turnaround:
      "Site testing of a transformer usually fits one shutdown shift; DGA results depend on the laboratory, typically within a week. DG breakdowns attended within 2-4 hours.",
    faqs: [
      {
        question: "How often should transformer oil be tested?",
        answer:
          "A BDV and visual check at least once a year is common practice, with DGA annually for important transformers and more often when gases are rising. IS 1866 gives the test schedule and action levels for oil in service.",
      },
      {
        question: "Is a low BDV always a reason to replace the oil?",
        answer:
          "No. Low BDV is usually caused by moisture and particles, which filtration and dehydration can remove. Oil replacement is considered when acidity and interfacial tension show the oil itself has aged.",
      },
      {
        question: "Why do a load bank test when the DG runs every week?",
        answer:
          "Weekly no-load runs do not prove the set can pick up your load, and they cause wet stacking. A load bank test shows the real response to load steps and lets the engine run hot enough to clear deposits.",
      },
      {
        question: "Do you do engine overhauls?",
        answer:
          "We do routine servicing and the complete electrical side. Engine top and major overhauls, especially on sets still under OEM warranty, are coordinated with the authorised dealer.",
      },
    ],
    servicePaths: ["/services/transformer-dg"],
    featured: true,
  },
  {
    name: "Control Panel Fabrication",
    category: "Electrical",
    summary:
      "Design and build of LT control and distribution panels to IEC 61439, with IP-rated enclosures, disciplined wiring and a documented factory acceptance test.",
    description: `## What we build

Machine control panels, motor starter panels, distribution boards, instrument and marshalling panels, junction boxes and operator desks for 415 V, 3-phase, 50 Hz supply, built in our Balanagar workshop and delivered ready to install. Panels are designed and verified as low-voltage assemblies under IEC 61439-1 and -2 (adopted in India as IS/IEC 61439); panels for machines also follow IEC 60204-1 for the machine's electrical equipment.

## Design

- Load list, single-line diagram and schematic drawn in EPLAN or AutoCAD Electrical, with device tags carried through to the terminals and ferrules.
- Component selection for the prospective short-circuit current at the panel, with coordination between MCCBs, contactors and overloads (type 2 where specified).
- Enclosure sized for the heat dissipated by drives, power supplies and contactors; fans with filters, heat exchangers or panel air conditioners chosen from that heat load.
- IP rating to IEC 60529 chosen for the location: IP42/IP54 indoors, IP55/IP65 for washdown, dusty or outdoor areas. Form of separation agreed for distribution boards.

## Build and wiring standards

| Item | Practice |
|---|---|
| Enclosure | CRCA sheet steel or stainless steel, powder coated (RAL 7035 unless specified) |
| Conductors | Copper, sized for current and grouping; finely stranded for control |
| Identification | Colour coding and ferrules at both ends as per the drawing |
| Terminations | Crimped lugs and ferrules with the correct die; spring or screw terminals |
| Routing | Slotted ducts not overfilled; power and signal wiring segregated |
| Earthing | Earth bus, door earth straps, 360° shield clamping for drive and signal cables |

## Factory acceptance test (FAT)

Before dispatch you are invited to witness the FAT. It covers visual and dimensional inspection against the general arrangement drawing, point-to-point wiring check, insulation resistance, dielectric (power-frequency withstand) test, protective circuit continuity, and a functional test of every control circuit with power applied and inputs simulated. Routine verification records required by IEC 61439 form part of the FAT documents.

## After delivery

We can install and commission the panels on site — see [Panel Installation](/services/panel-installation). For PLC-based panels see [PLC Panels](/services/plc-panels); for drive panels see [VFD Panels](/services/vfd-panels).`,
    brands: [
      "Siemens SIRIUS and 3VA switchgear",
      "Schneider Electric TeSys and ComPact NSX",
      "ABB AF contactors and Tmax XT",
      "L&T / Lauritz Knudsen switchgear",
      "Rittal AX, VX25 and TS 8 enclosures",
      "Phoenix Contact, Weidmüller and Wago terminals",
    ],
    faults: [
      "Existing panel overheating, fans undersized or filters choked",
      "Undocumented panels that nobody can troubleshoot",
      "Water and dust ingress in a low IP enclosure",
      "Loose or poorly crimped terminations causing intermittent faults",
      "Nuisance tripping from poor coordination between MCCB, contactor and overload",
      "Noise on analog signals because of mixed power and signal routing",
    ],
    deliverables: [
      "Schematic, general arrangement and bill of materials (as-built after FAT)",
      "FAT procedure and signed FAT report",
      "IR and dielectric test records",
      "IEC 61439 routine verification records",
      "Terminal and cable schedules",
      "6-month warranty on workmanship",
    ],
    turnaround:
      "Depends on panel size and component lead times; a delivery schedule is given with the approved drawings. Small control panels are often ready in 2-3 weeks.",
    faqs: [
      {
        question: "Do you build to our specification and approved makes list?",
        answer:
          "Yes. We work to your technical specification and list of approved makes, and raise any deviation in writing before ordering components.",
      },
      {
        question: "What does IEC 61439 compliance mean for a panel?",
        answer:
          "The standard requires design verification (temperature rise, short-circuit withstand, clearances, protective circuit and so on, by test, calculation or design rules) and routine verification of each panel built. We keep both records and hand over the routine verification with the panel.",
      },
      {
        question: "Can you rebuild an old panel while keeping the machine running?",
        answer:
          "Often yes: the new panel is built and tested in the workshop, then changed over in a short planned shutdown with pre-terminated, labelled cables. We survey first and plan the changeover with your team.",
      },
    ],
    servicePaths: ["/services/control-panel-fabrication"],
    featured: true,
  },
  {
    name: "PLC Panels",
    category: "Automation",
    summary:
      "PLC control panels designed, built, programmed and commissioned: clean 24 V supply, I/O marshalling, network and HMI, with FAT and SAT documentation.",
    description: `## What a PLC panel includes

A PLC panel is more than a controller on a DIN rail. Ours include the incoming isolator and protection, 24 V DC power supplies sized with margin (redundant supplies where downtime is costly), individually fused I/O groups, interposing relays for field devices, marshalling terminals, surge protection on field cables that leave the building, managed or unmanaged industrial Ethernet switches, panel lighting and socket, and a cooling arrangement matched to the heat load. An HMI is mounted on the door or in a separate operator desk.

## Platforms

We work on the platforms most plants in India already stock spares for, so your maintenance team is not tied to an unfamiliar make:

- Siemens S7-1200, S7-1500 and legacy S7-300/400 (TIA Portal, STEP 7)
- Allen-Bradley Micro800, CompactLogix and ControlLogix (Studio 5000)
- Schneider Electric Modicon M221, M241 and M580
- Mitsubishi FX5 and iQ-R, Omron NX/NJ and CP1, Delta DVP

## Engineering sequence

1. I/O list and functional description agreed with you.
2. Schematics, panel layout and cable schedule.
3. Panel build in the workshop (see [Control Panel Fabrication](/services/control-panel-fabrication) for our wiring standards).
4. PLC program and HMI screens written to a consistent structure: one function block per equipment type, alarm texts in plain language, interlocks listed in the functional description.
5. FAT with simulated I/O: every input, output, alarm and interlock ticked off against the I/O list.
6. Installation, loop checks and site acceptance test (SAT) with your operators.

## Signal integrity

Analog inputs use shielded twisted-pair cable with the shield earthed at one end (panel side), 24 V DC and 230 V AC wiring are routed separately, and drives sit in a separate section or panel with their own cable ducts. These details prevent most of the intermittent faults that PLC panels are blamed for.

## Documentation and ownership

You receive the source code (unlocked), HMI project, drawings and I/O list. Programs are commented so another integrator — or your own engineer — can maintain them. For SCADA, historian or plant network work beyond one panel see [Industrial IoT](/services/industrial-iot-iiot-solutions), and for existing PLC faults use [/request](/request).`,
    brands: [
      "Siemens S7-1200/S7-1500/S7-300",
      "Allen-Bradley CompactLogix/ControlLogix/Micro800",
      "Schneider Electric Modicon M221/M241/M580",
      "Mitsubishi FX5/iQ-R",
      "Omron NX/NJ/CP1",
      "Delta DVP",
      "Siemens SIMATIC HMI Basic/Comfort panels",
      "Allen-Bradley PanelView Plus and Weintek HMIs",
    ],
    faults: [
      "Obsolete PLC with no spares or no program backup",
      "24 V DC supply dropping when outputs switch",
      "Analog readings jumping or drifting",
      "Repeated I/O module failures from field surges",
      "Profinet, EtherNet/IP or Modbus communication dropping",
      "Panel overheating and PLC going to stop",
      "Machine sequence changes needed but no documentation",
    ],
    deliverables: [
      "Functional description and I/O list",
      "Schematics, layout and cable schedule (as-built)",
      "Commented PLC and HMI source files, unlocked",
      "FAT and SAT reports",
      "Operator and maintenance handover session",
      "6-month warranty on panel and software",
    ],
    turnaround:
      "Small machine panels in about 3-4 weeks from approved I/O list; larger systems to an agreed project schedule.",
    faqs: [
      {
        question: "Will we get the PLC program source code?",
        answer:
          "Yes. The source code and HMI project are handed over unlocked with the as-built drawings. It is your plant's program.",
      },
      {
        question: "Can you migrate an old PLC to a current model?",
        answer:
          "Yes, for example S5 or S7-300 to S7-1500, or PLC-5/SLC 500 to CompactLogix. We convert and test the logic offline, and plan the changeover in a short shutdown. See [Brownfield Expansions](/services/brownfield-expansions).",
      },
      {
        question: "Which PLC make should we choose?",
        answer:
          "Usually the one your plant already has spares, licences and trained people for. We will tell you if a make you prefer is poorly supported locally.",
      },
    ],
    servicePaths: ["/services/plc-panels"],
    featured: true,
  },
  {
    name: "VFD Panels",
    category: "Automation",
    summary:
      "Design, build and repair of VFD panels: drive sizing, line reactors, harmonic and dV/dt filters, bypass, EMC practice and cooling sized to drive losses.",
    description: `## Design

A drive panel is engineered around the motor and the load, not only the drive's kW rating.

- **Drive sizing** for the load type: normal duty for pumps and fans, heavy duty for conveyors, crushers, extruders and hoists; braking resistors or regenerative units for cranes, centrifuges and large-inertia fans.
- **Input side**: MCCB or semiconductor fuses as the drive manual specifies, a line reactor (or the drive's DC choke) to limit input current harmonics and protect the rectifier from supply transients, and an EMC filter suited to the earthing system — the internal EMC filter is disconnected on IT (unearthed) supplies.
- **Harmonics**: where many drives share a transformer, we estimate harmonic distortion at the point of common coupling against IEEE 519 and choose between line reactors, passive harmonic filters, active harmonic filters or low-harmonic (active front end) drives. See [Energy Audit](/services/energy-audit) for measurement.
- **Output side**: dV/dt or sine-wave filters when motor cables are long or older motors lack inverter-grade insulation; shielded motor cable with 360° gland termination.
- **Bypass**: DOL or soft-starter bypass with mechanical and electrical interlocks, so the drive output is never connected to the mains.
- **Cooling**: heat load calculated from the drive manufacturer's stated losses plus the other components; filter fans, heat exchangers, panel air conditioners or through-panel heat-sink mounting chosen for the room temperature and dust level.

## Fabrication and testing

Panels are built in our workshop to the practices described under [Control Panel Fabrication](/services/control-panel-fabrication), with the drives parameterised and the control interface (hardwired, Profinet, EtherNet/IP or Modbus) tested during the FAT. On site we carry out motor identification runs, tune speed and current loops, and record the final parameter set.

## Repair of existing drive panels

Many drive failures start in the panel, not the drive: choked filters, failed cooling fans, heat sinks packed with dust, loose power terminations, failed reactors or contactors. A panel repair visit covers:

| Check | Why |
|---|---|
| Cooling air path, fans, filters, heat-sink fins | Overtemperature trips and capacitor ageing |
| Input fuses, reactor temperature, terminal torque | Phase loss and DC bus faults |
| DC bus ripple and capacitor condition | Undervoltage trips under load |
| Motor cable IR and shield termination | Earth faults and bearing currents |
| Bypass and interlock circuit | Safe operation when the drive is out |
| Parameter backup | Fast recovery after a drive swap |

Faulty drive modules are repaired at the component level in our workshop — see [VFD Repair](/services/vfd-repair) — and fault code references are on [/technical-data](/technical-data).`,
    brands: [
      "ABB ACS355/ACS580/ACS880",
      "Siemens SINAMICS G120/G120X/S120",
      "Danfoss VLT FC 202/FC 302",
      "Schneider Electric Altivar ATV320/ATV630/ATV930",
      "Yaskawa GA500/GA700/A1000",
      "Allen-Bradley PowerFlex 525/753/755",
      "Mitsubishi FR-E800/FR-A800",
      "Delta MS300/C2000",
    ],
    faults: [
      "Drive overtemperature trips in summer",
      "Overcurrent or earth fault trips on long motor cables",
      "DC bus overvoltage when stopping high-inertia loads",
      "Input fuses blowing or phase-loss trips",
      "Line reactor or filter overheating",
      "Bypass contactor chattering or interlock failure",
      "Motor bearing failures on inverter-fed motors",
      "Instruments and PLC signals disturbed by drive noise",
    ],
    deliverables: [
      "Drive and filter sizing calculation, panel heat-load calculation",
      "Schematics, layout and bill of materials (as-built)",
      "FAT report including drive parameter check",
      "Commissioning report with final parameter backup",
      "Panel repair report with measurements, for repair jobs",
      "6-month warranty",
    ],
    turnaround:
      "New panels to an agreed schedule depending on drive lead times; panel repair visits within 2-4 hours for breakdowns, with most panel-level faults cleared the same day.",
    faqs: [
      {
        question: "Do I need a line reactor if the drive has a DC choke?",
        answer:
          "Not always. A DC choke already reduces input harmonics; a line reactor adds protection against supply transients and is worth fitting on weak or disturbed supplies, or where the drive manual requires it for the supply's short-circuit level.",
      },
      {
        question: "When is an output filter needed?",
        answer:
          "When the motor cable is longer than the drive manual allows without a filter, when the motor is old or not inverter-rated, or when several motors run from one drive. A dV/dt filter protects motor insulation; a sine filter also reduces motor noise and bearing currents.",
      },
      {
        question: "Can you add a VFD to an existing DOL or star-delta starter?",
        answer:
          "Yes. We check the motor's insulation and cooling at reduced speed, the cable length and the load, then supply a drive panel and rewire the feeder. Pumps and fans are the usual candidates — see [Energy Saving Projects](/services/energy-saving-projects).",
      },
    ],
    servicePaths: ["/services/vfd-panels", "/services/vfd-panel-repair"],
    featured: true,
  },
  {
    name: "APFC Panels",
    category: "Electrical",
    summary:
      "Automatic power factor correction panels sized from measured load, with 7% or 14% detuned reactors where harmonics exist and thyristor switching for fast loads.",
    description: `## Sizing from measurement

An APFC panel should be sized from how your load actually behaves, not only from the connected load. We log kW, kVAr, power factor and harmonics at the incomer over normal production, then calculate the compensation required:

**kVAr = kW × (tan φ1 − tan φ2)**, where φ1 is the present and φ2 the target power factor angle.

The total is divided into steps (for example 1:1:2:2 ratios) so that the controller can follow the load closely at light load as well as full load.

## Harmonics and detuned reactors

Plain capacitors and the supply transformer form a parallel resonant circuit; its harmonic order is approximately h = √(S_sc / Q_c), where S_sc is the short-circuit power at the bus and Q_c the connected capacitor kVAr. If that resonance falls near a harmonic produced by drives, rectifiers or UPS systems, capacitors fail early and voltage distortion rises. Detuned reactors in series with each step move the resonance below the lowest significant harmonic:

| Reactor | Tuning frequency (50 Hz) | Typical use |
|---|---|---|
| 7% | about 189 Hz | 5th harmonic dominant (drives, 6-pulse rectifiers) |
| 14% | about 134 Hz | significant 3rd harmonic (single-phase loads, some UPS systems) |

Because the reactor raises the voltage across the capacitor by a factor of 1/(1 − p), detuned steps use capacitors with a rated voltage above the 415 V system voltage.

## Switching

- **Contactor switching** with capacitor-duty contactors (with pre-insertion resistors) for normal process loads; the controller waits for the discharge time before reconnecting a step.
- **Thyristor switching** for rapidly varying loads — welding lines, presses, cranes — where contactors would wear out and the correction would lag the load. Thyristor modules switch at zero crossing, without inrush.

## Components and build

Self-healing metallised polypropylene capacitors to IS 13340 / IEC 60831, with discharge resistors; HRC fuses or MCCBs per step; a microprocessor controller with C/k setting, alarms and step-current monitoring; temperature-controlled ventilation because capacitors age fastest in a hot panel.

## Maintaining existing panels

Many APFC panels run with half their steps dead. A service visit measures capacitance and current per step, checks contactors, fuses, reactors and ventilation, and reviews the controller settings. The tariff and power-factor terms that apply to your connection are set by the state regulator's current tariff order, so we base recommendations on your actual bills. For harmonic measurement see [Energy Audit](/services/energy-audit).`,
    brands: [
      "EPCOS (TDK) PhaseCap/PhiCap capacitors and BR6000 controllers",
      "Schneider Electric VarPlus capacitors and VarPlus Logic controllers",
      "L&T / Lauritz Knudsen capacitors",
      "Circutor capacitors and Computer SMART controllers",
      "Ducati Energia capacitors",
      "ABB UA capacitor-duty contactors",
      "Schneider TeSys LC1D..K capacitor contactors",
    ],
    faults: [
      "Power factor low despite an APFC panel being installed",
      "Capacitors bulging or losing capacitance",
      "Step fuses blowing repeatedly",
      "Capacitor contactors welding or burning",
      "Leading power factor at light load",
      "Controller hunting — steps switching in and out continuously",
      "Panel overheating, reactors running hot",
      "Resonance with harmonics from VFDs and UPS",
    ],
    deliverables: [
      "Load and harmonic logging summary",
      "Sizing calculation with step arrangement and reactor selection",
      "Schematic, layout and bill of materials",
      "FAT report and commissioning record with controller settings",
      "Step-wise capacitance and current record for service visits",
      "6-month warranty",
    ],
    turnaround:
      "Logging over 3-7 days, then a design proposal; panel build to an agreed schedule. Service visits for existing panels within 2-4 hours for breakdowns.",
    faqs: [
      {
        question: "Do I need detuned reactors?",
        answer:
          "If your load includes VFDs, DC drives, UPS systems, induction furnaces or many single-phase electronic loads, probably yes. We decide after measuring the harmonics and checking the resonance point; fitting plain capacitors on a harmonic-rich network is the most common cause of capacitor failure.",
      },
      {
        question: "7% or 14%?",
        answer:
          "A 7% reactor (tuned near 189 Hz) suits networks where the 5th harmonic dominates. If there is significant 3rd harmonic, a 14% reactor (near 134 Hz) is needed so the resonance stays below it.",
      },
      {
        question: "Can an APFC panel correct harmonics?",
        answer:
          "No. A detuned APFC panel corrects displacement power factor and avoids amplifying harmonics, but it does not remove them. Harmonic reduction needs filters or low-harmonic drives — see [VFD Panels](/services/vfd-panels).",
      },
      {
        question: "Why is our power factor leading at night?",
        answer:
          "Usually because fixed capacitors (on transformers or motors) stay connected when the load falls, or the controller's minimum step is too large. A correctly set controller with small first steps avoids this.",
      },
    ],
    servicePaths: ["/services/apfc-panels"],
    featured: true,
  },
  {
    name: "MCC Panels",
    category: "Electrical",
    summary:
      "Motor control centres with fixed or withdrawable feeders, type 2 coordinated starters, drive and soft-starter feeders and optional intelligent motor management.",
    description: `## What we supply

Motor control centres (MCCs) for process plants: fixed-type or withdrawable (draw-out) feeders in sheet-steel cubicles, built as IEC 61439-2 assemblies at our workshop in Balanagar, Hyderabad. Feeder types include:

- DOL and star-delta starters
- Reversing starters for conveyors, valves and hoists
- Soft-starter feeders for pumps, compressors and fans
- VFD feeders, with drives in the MCC or in a separate drive panel (see [VFD Panels](/services/vfd-panels))
- Outgoing MCCB/MCB feeders for lighting, heaters and utilities

## Design parameters we agree with you

| Parameter | What it decides |
|---|---|
| Rated current of main busbar and incomer | Busbar size, incomer ACB or MCCB |
| Short-circuit withstand (kA for 1 s) | Busbar supports, verified design |
| Form of separation (2b, 3b, 4b) | Safety when working on one feeder with others live |
| Fixed or withdrawable feeders | Speed of feeder replacement, cost |
| Coordination type | Type 2 coordination to IEC 60947-4-1 means the starter is serviceable after a short circuit |
| IP rating and entry | Location, dust and cable entry from top or bottom |
| Control voltage | 230 V AC or 24 V DC, from a control transformer or supply |

## Intelligent MCCs

Where the plant wants motor data in the control system, feeders use motor management relays instead of thermal overloads. They give current per phase, thermal capacity, trip cause, running hours and number of starts over Profinet, Profibus, EtherNet/IP or Modbus, and reduce hardwired I/O to the PLC. We integrate them with your PLC and SCADA — see [PLC Panels](/services/plc-panels).

## Testing

Every MCC goes through a factory acceptance test: wiring check, IR and dielectric tests, functional test of each starter with control voltage, interlock and indication checks, and verification of overload and relay settings against the motor list. Routine verification records under IEC 61439 are handed over.

## Existing MCCs

We also service and retrofit MCCs in running plants: overload and relay setting review against the actual motor currents, replacement of obsolete starters, conversion of DOL feeders to soft-starter or VFD, busbar thermography and tightening, and adding feeders for plant expansion. Installation on site is covered under [Panel Installation](/services/panel-installation).`,
    brands: [
      "Siemens SIRIUS starters and SIMOCODE pro",
      "ABB AF contactors and UMC100.3",
      "Schneider Electric TeSys, TeSys T and TeSys island",
      "L&T / Lauritz Knudsen MNX contactors and MOG motor protection circuit breakers",
      "Siemens 3RW, ABB PSTX and Schneider Altistart soft starters",
    ],
    faults: [
      "Overloads set wrongly — nuisance trips or no protection",
      "Starter contactors burning after short circuits (no type 2 coordination)",
      "Hot busbar joints and droppers",
      "Withdrawable feeder not racking in, or contact fingers damaged",
      "Star-delta changeover failing and motor stalling",
      "No spare feeders for plant expansion",
      "Motor trip causes unknown because there is no data",
    ],
    deliverables: [
      "Motor list and MCC single-line diagram",
      "Schematics, GA drawing and bill of materials (as-built)",
      "FAT report with IR and dielectric test records",
      "Relay and overload setting schedule",
      "IEC 61439 routine verification records",
      "6-month warranty on workmanship",
    ],
    turnaround:
      "New MCCs to an agreed schedule from approved drawings; service and retrofit work planned around your shutdowns.",
    faqs: [
      {
        question: "Fixed or withdrawable feeders?",
        answer:
          "Withdrawable feeders let you replace a faulty starter in minutes with a spare module, which suits continuous-process plants. Fixed feeders cost less and are fine where a feeder can be stopped for repair.",
      },
      {
        question: "What does type 2 coordination mean?",
        answer:
          "Under IEC 60947-4-1, after a short circuit a type 2 coordinated starter must remain fit for further use; light contact welding that can be separated easily is allowed. With type 1, the starter may need replacing. We select combinations from the manufacturer's tested coordination tables.",
      },
      {
        question: "Can you add feeders to our existing MCC?",
        answer:
          "Usually, if the busbar rating and spare space allow. We check the busbar loading and short-circuit rating first, then build matching feeder modules or an extension section.",
      },
    ],
    servicePaths: [],
  },
  {
    name: "Panel Installation",
    category: "Electrical",
    summary:
      "Site installation of HT and LT panels: positioning, levelling, bus coupling, cable laying and termination, testing and energisation support with records.",
    description: `## Scope

Installation of switchboards, MCCs, PLC and drive panels, APFC panels, bus ducts and distribution boards — whether built by us or supplied by others. We work in new buildings and in running plants, where permits, isolation and housekeeping matter as much as the electrical work.

## Sequence of work

1. **Pre-installation survey** — access route, floor loading, trench and cable tray routes, clearances in front and behind panels for operation and maintenance, ventilation.
2. **Base frame and positioning** — ISMC base channel grouted and levelled, panels shifted with suitable handling equipment, aligned and bolted, shipping sections coupled, busbar links torqued to the manufacturer's values.
3. **Cabling** — cable laying on trays or in trenches with bending radius respected, armoured XLPE or PVC cables to IS 7098 / IS 1554, double-compression glands, crimped lugs with the correct die, phase identification and cable tags at both ends.
4. **HT terminations** — heat-shrink or cold-shrink terminations made to the kit maker's instructions.
5. **Earthing** — panel earth bus connected to the earthing system with two distinct connections, armour earthing at glands.

## Pre-commissioning tests

| Test | Applies to |
|---|---|
| IR test of cables and busbars | All power circuits |
| HV test of HT cables after termination | 11 kV / 33 kV cables |
| Continuity and phase sequence | All feeders |
| Earth continuity and earth electrode resistance | Panels and earthing system |
| Relay and breaker tests | Incomers and protected feeders (see [HT/LT Panel Service](/services/ht-lt-panel)) |
| Control wiring and interlock checks | Every feeder |

## Energisation

Panels are energised section by section under a permit, with the incoming supply proved, then each feeder checked for voltage, phase sequence and correct operation. For HT installations, the CEA (Measures relating to Safety and Electric Supply) Regulations, 2023 require approval before energisation — inspection by the Electrical Inspector, or self-certification where the regulations allow it for that voltage class; we prepare the test records and drawings the inspection needs and attend the inspection with your licensed contractor or in-charge.

## Handover

As-built cable schedule, test records and a marked-up single-line diagram are handed over, and the area is left clean with cable openings sealed against vermin and fire spread. For panel manufacture see [Control Panel Fabrication](/services/control-panel-fabrication).`,
    brands: [
      "Siemens, ABB, Schneider Electric and L&T / Lauritz Knudsen switchboards",
      "Rittal enclosures",
      "Raychem (TE Connectivity) and 3M HT cable terminations",
      "Polycab, KEI, Havells and Finolex cables",
      "Dowells cable lugs and glands",
    ],
    faults: [
      "Panels installed without base channel, out of level, doors not closing",
      "Busbar links between sections loose or not torqued",
      "Cable terminations heating due to wrong lug size or poor crimping",
      "HT cable termination failure after commissioning",
      "Insufficient clearance behind panels for maintenance",
      "Missing or single earth connections",
    ],
    deliverables: [
      "Installation method statement and schedule",
      "Cable schedule and termination records",
      "IR, HV and continuity test records",
      "Earthing test record",
      "Energisation checklist signed by both parties",
      "As-built single-line diagram markup",
    ],
    turnaround:
      "A single LT panel with its cabling is often installed and tested in 2-3 days; larger switchboards to a schedule agreed after the site survey.",
    faqs: [
      {
        question: "Do you install panels made by other manufacturers?",
        answer:
          "Yes. We follow the manufacturer's installation instructions and torque values, and report any transport damage or missing items before installation.",
      },
      {
        question: "Who applies for the Electrical Inspector's approval?",
        answer:
          "The application is made by the installation's owner through the licensed electrical contractor of record. We prepare drawings and test records in the format required and attend the inspection.",
      },
      {
        question: "Can installation be done while the plant is running?",
        answer:
          "Most of it, yes: base frames, panel positioning and cable laying can proceed under permit; only the final connection to live switchboards needs a shutdown, which we plan with you to be as short as possible.",
      },
    ],
    servicePaths: ["/services/panel-installation"],
  },
  {
    name: "Energy Audit",
    category: "Electrical",
    summary:
      "Measured energy audits following the BEE approach: power quality logging, IEEE 519 harmonic assessment and a report of measures ranked by payback.",
    description: `## Approach

We follow the audit approach set out in the Bureau of Energy Efficiency (BEE) guide books: understand how the plant uses energy, measure the large users, and put a cost and a payback against every improvement. The audit is of electrical systems and electrically driven utilities; thermal systems such as boilers, furnaces and steam distribution are included only when agreed, with a thermal specialist on the team.

## Phases

1. **Pre-audit** — twelve months of electricity bills, DG fuel records and production data; single-line diagram; list of major loads. From these we establish the baseline and specific energy consumption (kWh per tonne, per piece or per batch).
2. **Field measurement** — logging and spot measurements across normal production, including night and weekend loads, because idle consumption is often where the easy gains are.
3. **Analysis and report** — each measure calculated from measured data with the assumptions stated.
4. **Presentation** — findings walked through with your maintenance and production teams.

## What we measure

| System | Measurements |
|---|---|
| Incomers and transformers | kW, kVA, kVAr, PF, maximum demand, voltage, unbalance, harmonics — logged with a Class A power quality analyser (IEC 61000-4-30) |
| Motors | Input kW against rating, loading, voltage unbalance |
| Pumps | Flow (ultrasonic flow meter), suction and discharge pressure, input power, operating point against the pump curve |
| Fans and blowers | Flow, static pressure, power, damper positions |
| Compressed air | Free air delivery by pump-up test, leakage, pressure profile, load/unload pattern |
| Lighting | Lux levels, installed watts, operating hours |

## Harmonics

Voltage and current harmonics are assessed at the point of common coupling against IEEE 519. For systems at or below 1 kV the standard's voltage limits are 5% for any individual harmonic and 8% total harmonic distortion; current distortion limits depend on the ratio of short-circuit current to load current at that point. Where limits are exceeded we identify the sources and the options.

## The report

- Baseline and energy balance by area or system
- Observations with photographs and measured values
- Measures, each with the calculation of annual savings from your measured data and tariff, the investment estimate and simple payback
- Measures ranked by payback, separating no-cost operational changes from capital projects
- A measurement and verification method for each measure, so savings can be confirmed after implementation

We do not promise a saving figure before measuring; the numbers in the report come from your plant's data. If your unit is a designated consumer whose mandatory audit must be signed by a BEE Accredited Energy Auditor, tell us at enquiry so the audit team is constituted accordingly. Implementation is covered under [Energy Saving Projects](/services/energy-saving-projects).`,
    brands: [
      "Fluke 435-II / 1770 series power quality analysers",
      "Hioki PQ3198 / PW3198 power analysers",
      "Fluke and Hioki clamp meters and loggers",
      "Ultrasonic flow meters for pumps and cooling water",
      "Ultrasonic leak detectors for compressed air",
    ],
    faults: [
      "Electricity bill rising faster than production",
      "Maximum demand penalties or contract demand exceeded",
      "Low power factor or poor kVAh-to-kWh ratio",
      "High harmonic distortion after adding VFDs",
      "Pumps throttled heavily with discharge valves",
      "Compressors running unloaded for long periods",
      "High idle consumption at night and on holidays",
    ],
    deliverables: [
      "Baseline and specific energy consumption analysis",
      "Power quality logging report with harmonic assessment against IEEE 519",
      "Equipment-wise measurement sheets",
      "List of measures with savings calculation, investment and simple payback, ranked by payback",
      "Measurement and verification plan",
      "Presentation of findings to the plant team",
    ],
    turnaround:
      "Field work of 2-5 days for a typical medium plant, with logging over at least one full production week; report within about two weeks of field work.",
    faqs: [
      {
        question: "How much will we save?",
        answer:
          "We cannot say before measuring. The report gives a savings estimate for each measure, calculated from your measured loads, operating hours and tariff, with the assumptions written out so your team can check them.",
      },
      {
        question: "Is this a mandatory audit under the Energy Conservation Act?",
        answer:
          "The mandatory audit applies to designated consumers and must be led by a BEE Accredited Energy Auditor. Tell us if that applies to you so the team and report format are set up accordingly; for other plants this is a voluntary audit following the same method.",
      },
      {
        question: "Do you need to shut anything down?",
        answer:
          "No. Power quality analysers and clamp-on sensors are installed live by trained staff under your permit. Ultrasonic flow meters clamp onto the pipe.",
      },
    ],
    servicePaths: ["/services/energy-audit"],
    featured: true,
  },
  {
    name: "Energy Saving Projects",
    category: "Electrical",
    summary:
      "Implementation of audited energy measures: VFDs on pumps and fans, IE3/IE4 motors, compressed air leak repair and power factor correction, with M&V.",
    description: `## From audit to implementation

This service implements measures identified in an energy audit — ours or another auditor's. Every project starts with a baseline measurement and ends with the same measurement repeated, so the result is known rather than assumed.

## Typical projects

**VFDs on pumps and fans**

Flow controlled by throttling valves, dampers or bypass lines wastes energy. With a drive, flow follows speed, pressure follows speed squared and power follows speed cubed (the affinity laws). The saving is largest on fans and on pumps working mainly against friction; where a pump works against a high static head, the useful speed range is narrower and we calculate from the system curve rather than from the cube law. Drives are supplied as panels with the harmonic mitigation they need — see [VFD Panels](/services/vfd-panels).

**IE3/IE4 motors**

Replacement of old, frequently rewound or oversized motors with premium-efficiency motors to IEC 60034-30-1 / IS 12615 efficiency classes. We check mounting dimensions, starting torque and current, and speed (higher-efficiency motors often run with less slip, which raises the load on pumps and fans slightly) before recommending replacement.

**Compressed air**

- Leak survey with an ultrasonic detector; leaks tagged, listed and repaired.
- Generation pressure reduced to what the end users actually need; pressure drops across dryers, filters and undersized headers removed.
- Open blowing replaced with engineered nozzles or low-pressure blowers.
- Compressor sequencing and, where the demand varies, a VSD compressor.
- Maintenance of the compressors themselves is covered by our Air Compressor Service.

**Power factor correction**

New or repaired APFC panels, with detuned reactors where harmonics exist — see [APFC Panels](/services/apfc-panels).

**Other measures** — LED lighting with controls ([Industrial Lighting](/services/industrial-lighting)), transformer loading and paralleling arrangements, cooling tower fan control, and idle-load elimination through interlocks and timers.

## Measurement and verification

| Step | What is done |
|---|---|
| Baseline | Logged kW and kWh with the relevant production or flow variable |
| Implementation | Equipment supplied, installed and commissioned |
| Post-measurement | Same measurement under comparable conditions |
| Report | Savings calculated with normalisation for production, as in IPMVP options A and B |

Projects are priced after a site survey; we do not quote savings before measuring. To start, request an [Energy Audit](/services/energy-audit) or send us an existing audit report through [/request](/request).`,
    brands: [
      "ABB, Siemens, Danfoss, Schneider Electric and Yaskawa drives",
      "Siemens SIMOTICS, ABB, WEG, CG Power and Bharat Bijlee IE3/IE4 motors",
      "Atlas Copco, ELGi, Kaeser and Ingersoll Rand VSD compressors",
      "EPCOS (TDK) and Schneider Electric power factor correction components",
    ],
    faults: [
      "Pumps running with discharge valves half closed",
      "Fans controlled by inlet or outlet dampers",
      "Old rewound motors running underloaded",
      "Compressed air leaks audible around the plant",
      "Compressor pressure set higher than any user needs",
      "Low power factor and high kVA demand",
      "Lighting left on in daylight and unoccupied areas",
    ],
    deliverables: [
      "Baseline measurement report",
      "Technical proposal with equipment selection and calculated savings",
      "Supply, installation and commissioning",
      "Post-implementation measurement and M&V report",
      "Drawings and parameter records",
      "6-month warranty on workmanship; OEM warranty on new equipment",
    ],
    turnaround:
      "Single-drive or leak-repair projects in 1-3 weeks after approval; larger projects to an agreed schedule with work done in planned shutdowns.",
    faqs: [
      {
        question: "Will a VFD save energy on every pump?",
        answer:
          "No. It saves when the pump's flow is being reduced by throttling, bypass or on/off cycling, or when the pump is oversized. A pump running at its best efficiency point at full flow all the time gains little. We check the operating point before proposing a drive.",
      },
      {
        question: "Should we replace a failed motor or rewind it?",
        answer:
          "For motors that run many hours a year, an IE3 or IE4 replacement is often justified; for standby or lightly used motors, a good rewind is sensible. We give both options with the calculation — see [Motor Repair & Rewinding](/services/motor-repair).",
      },
      {
        question: "How do you prove the savings?",
        answer:
          "By measuring before and after under comparable conditions and normalising for production. The method is agreed before work starts, so there is no argument about it afterwards.",
      },
    ],
    servicePaths: ["/services/energy-saving-projects"],
  },
  {
    name: "Solar EPC",
    category: "Electrical",
    summary:
      "Rooftop and ground-mount solar PV for factories: design, string sizing, supply, installation, DISCOM net-metering paperwork and IEC 62446-1 commissioning.",
    description: `## Scope

Engineering, procurement and construction of grid-connected solar PV plants for industrial and commercial users: rooftop systems on RCC and metal-sheet roofs, carports and ground-mounted plants within factory premises. We handle design, supply, installation, connection to your LT or HT system, and the technical documentation the distribution company needs.

## Design

- **Site assessment** — roof condition, structural capacity (a structural engineer's check for metal-sheet and older roofs), shading analysis, orientation and tilt, cable routes and the point of connection.
- **Energy yield estimate** using simulation software with local irradiance data; we state the assumptions and losses used.
- **String design** — the number of modules per string is set so that the string open-circuit voltage at the lowest expected cell temperature stays below the inverter's maximum DC voltage, and the maximum-power voltage at the highest cell temperature stays within the MPPT range; string and MPPT currents are checked against inverter limits.
- **Electrical balance of plant** — DC cables rated for PV use, DC combiner boxes with fuses and Type 2 SPDs where needed, AC combiner and protection, earthing of structures and equipment, lightning protection to IEC 62305 where the risk assessment calls for it.
- **Structures** — hot-dip galvanised or aluminium, designed for wind load to IS 875 (Part 3).

## Grid connection in Telangana

Net metering, gross metering and connection limits are set by the state regulator's regulations and the DISCOM's procedures (TSSPDCL or TSNPDCL, depending on where the plant is), and they change from time to time. We check the current rules for your connection category at the start, prepare the single-line diagram, equipment data and test records for the application, and coordinate the DISCOM's inspection and meter installation. Module models on the government's Approved List of Models and Manufacturers (ALMM) are used where the scheme requires it.

## Commissioning to IEC 62446-1

| Test | Purpose |
|---|---|
| Protective earthing and equipotential bonding continuity | Safety of exposed metal parts |
| Polarity and string open-circuit voltage | Correct wiring, matched strings |
| String short-circuit or operating current | Module and connection faults |
| Insulation resistance of DC circuits | Cable and connector damage |
| Inverter functional and anti-islanding checks | Safe grid behaviour |
| Thermography and I-V curves (category 2 tests, where agreed) | Hot spots, mismatched or damaged modules |

## After handover

Plant monitoring through the inverter portal or your SCADA, cleaning and preventive maintenance schedules, and annual inspection can be included. For larger plants with SCADA and weather stations see [Renewable Energy SCADA & Automation](/services/renewable-energy-scada-automation).`,
    brands: [
      "SMA, Sungrow, Huawei SUN2000, Fronius and Delta inverters",
      "Growatt and Solis string inverters",
      "ALMM-listed modules from Premier Energies, Waaree, Adani Solar, Vikram Solar and Tata Power Solar",
      "Staubli MC4 connectors",
    ],
    faults: [
      "Plant generating less than expected",
      "Inverter tripping on insulation fault or grid over-voltage",
      "String fuses blowing or strings showing zero current",
      "Hot spots and cracked or browning modules",
      "Connector burning at MC4 joints",
      "Net meter not recording export correctly",
    ],
    deliverables: [
      "Design report: layout, shading analysis, string design and yield estimate",
      "Single-line diagram and structural drawings",
      "DISCOM application documents and test records",
      "IEC 62446-1 commissioning test report",
      "As-built drawings, datasheets and warranty documents",
      "Operation and maintenance manual",
    ],
    turnaround:
      "Installation of a typical factory rooftop plant takes a few weeks after material arrives; DISCOM approval and metering timelines depend on the DISCOM.",
    faqs: [
      {
        question: "Is net metering available for our factory?",
        answer:
          "It depends on your connection category, the system size and the current state regulations, which change from time to time. We check the rules that apply to your service connection at the start and advise net, gross or captive arrangements accordingly.",
      },
      {
        question: "Can our roof take a solar plant?",
        answer:
          "RCC roofs usually can with ballasted or anchored structures. Metal-sheet roofs need a check of the purlins and sheet condition; if the sheets are near end of life, replace them before installing solar rather than after.",
      },
      {
        question: "What maintenance does a solar plant need?",
        answer:
          "Regular module cleaning (frequency depends on dust), periodic inspection of connectors, cables and earthing, inverter filter cleaning, and an annual check of string currents and insulation. Monitoring data shows when something drifts.",
      },
    ],
    servicePaths: ["/services/solar-epc"],
  },
  {
    name: "Load Balancing",
    category: "Electrical",
    summary:
      "Phase and feeder load balancing: logging per-phase and neutral currents, surveying single-phase loads and redistributing them, then measuring the result.",
    description: `## Why balance the load

In most plants the three-phase motor load is balanced by design, but lighting, heaters, welding machines, UPS systems, office loads and single-phase motors are added one circuit at a time, usually on whichever phase had a free way in the distribution board. The result is familiar:

- one phase of a transformer or feeder near its limit while the others are lightly loaded;
- high neutral current, heating of neutral links and cable, and nuisance earth-fault trips on four-pole devices;
- voltage unbalance at motor terminals, which drives negative-sequence current through the rotor and heats it. NEMA MG1 calls for motor derating when voltage unbalance exceeds 1% and advises against operation above 5%; the resulting current unbalance is several times the voltage unbalance.

Harmonics make the neutral problem worse: triplen harmonics (3rd, 9th, 15th) from single-phase electronic loads add up in the neutral instead of cancelling, so the neutral can carry more current than the phases even when the fundamental load is balanced.

## How we do it

1. **Logging** at the main incomers and the main sub-distribution boards over a full production cycle: per-phase currents, neutral current, voltages, voltage unbalance and harmonics.
2. **Load survey** of every distribution board: each single-phase and two-phase circuit identified by phase, with its measured current and duty (continuous, shift-based, intermittent).
3. **Rebalancing plan** — circuits moved between phases at the board, heaters and lighting split across phases, welding sets spread across phase pairs, and a phase allocated in advance for planned new loads. Where the neutral carries heavy triplen currents, neutral conductor size and the need for harmonic mitigation are checked.
4. **Feeder and transformer balance** — where a plant has several transformers or bus sections, loads are redistributed so each transformer runs within its rating with a sensible margin and, where required, the plant can run with one transformer out.
5. **Implementation** in short planned shutdowns, with updated board schedules and circuit labels.
6. **Re-measurement** to confirm the result.

## What you see afterwards

| Before | After |
|---|---|
| Phase currents and neutral current per board, as logged | The same measurements repeated after rebalancing |
| Voltage unbalance at main motor boards | Voltage unbalance at the same points |
| Board schedules missing or out of date | Updated schedules with phase allocation per circuit |

The logging is often combined with an [Energy Audit](/services/energy-audit) or with [APFC Panels](/services/apfc-panels) work, since the same data serves all three.`,
    brands: [
      "Fluke 1738/1748 power loggers",
      "Hioki PW3360 / PQ3198 analysers",
      "Schneider Electric Conzerv EM6400 multifunction meters",
      "Secure Meters and Elmeasure multifunction meters",
    ],
    faults: [
      "One phase of the transformer or feeder overloaded",
      "Neutral link or neutral cable overheating",
      "Nuisance earth-fault trips on four-pole ACBs and RCCBs",
      "Motors running hot with unequal phase currents",
      "Voltage dropping on one phase at the end of long feeders",
      "Distribution board schedules missing or wrong",
    ],
    deliverables: [
      "Logging report with per-phase and neutral currents and voltage unbalance",
      "Distribution-board-wise load survey",
      "Rebalancing plan with circuit moves",
      "Updated board schedules and labels",
      "Before-and-after measurement comparison",
    ],
    turnaround:
      "Logging over about one week, plan within a week after that; circuit moves done in short shutdowns agreed with production.",
    faqs: [
      {
        question: "How much unbalance is acceptable?",
        answer:
          "For motors, NEMA MG1 advises derating above 1% voltage unbalance. For transformers and cables the practical limit is that no phase or neutral exceeds its rating; we aim to bring phase currents as close as the loads allow and keep the neutral current well within its conductor's capacity.",
      },
      {
        question: "Will load balancing reduce our electricity bill?",
        answer:
          "Sometimes a little, through lower losses in cables and transformers, but the main gains are in reliability: cooler neutrals, fewer trips, longer motor life and spare capacity on the phase that was overloaded.",
      },
      {
        question: "Why is our neutral current high even though the phases look balanced?",
        answer:
          "Usually triplen harmonics from single-phase electronic loads (LED drivers, computers, UPS). They add in the neutral. A harmonic measurement confirms it, and the remedy may be a larger neutral or harmonic filtering.",
      },
    ],
    servicePaths: ["/services/load-balancing"],
  },
  {
    name: "Electrical Safety Audit",
    category: "Electrical",
    summary:
      "Electrical safety audit against CEA Safety Regulations 2023 and IS/IEC codes: earthing to IS 3043, thermography, protection review and arc-flash awareness.",
    description: `## Purpose

A structured inspection of your electrical installation and how it is operated, to find conditions that can injure people or start a fire, and to check the installation against the CEA (Measures relating to Safety and Electric Supply) Regulations, 2023 and the relevant Indian and IEC standards. The audit is carried out by our engineers with your electrical in-charge, during normal operation, with limited shutdowns only where tests need them.

## What is examined

**Documents and management**

- Up-to-date single-line diagrams, earthing layout and board schedules
- Permit-to-work, isolation and lock-out/tag-out procedures (IS 5216 gives guidance on safety procedures in electrical work)
- Records of statutory inspections, test results, relay settings and maintenance
- Competence and authorisation of people who operate HT and LT switchgear

**Installation**

| Area | Checks |
|---|---|
| Substation and switch rooms | Clearances, access and escape, insulating mats to IS 15652, fire extinguishers suitable for electrical fires, danger notices, ventilation, cable trench sealing |
| Earthing | Earth electrode resistance by fall-of-potential, continuity of protective conductors, equipment bonded with two distinct connections where required, condition of pits — to IS 3043 |
| Protection | Breaker and relay settings against cable and equipment ratings; earth-fault and residual current protection on final circuits |
| Switchboards and panels | Covers and shrouds, IP rating for the location, cable entries sealed, labelling |
| Cables and wiring | Overloading, damage, unprotected joints, temporary wiring |
| Hazardous areas | Equipment suitability for the zone classification, to IS/IEC 60079 |
| Lightning protection | Condition and continuity against IEC 62305 |

**Thermography** of switchboards, bus ducts and cable terminations under load, with findings classified by temperature rise and urgency.

## Arc-flash awareness

We identify locations where high fault levels and slow clearing times make arc-flash injury likely — typically main LT incomers and bus sections — and review the working practices and PPE in use there. A full incident-energy study to IEEE 1584, with labels for each board, needs a short-circuit and protection coordination model and is offered as a separate study.

## Report

Each observation is recorded with a photograph, location, the requirement it relates to and a priority (immediate, short-term, planned). The report closes with a summary action list for your team; we can carry out the corrective work if you wish — see [HT/LT Panel Service](/services/ht-lt-panel) and [Panel Installation](/services/panel-installation).`,
    brands: [
      "FLIR and Fluke thermal imagers",
      "Megger and Fluke insulation and earth testers",
      "Kyoritsu and Fluke clamp-on earth testers",
      "Fluke and Hioki power quality analysers",
    ],
    faults: [
      "High earth resistance or disconnected earth pits",
      "Hot terminations and bus joints found by thermography",
      "Missing covers and exposed live parts in panels",
      "No residual current protection on socket and portable equipment circuits",
      "Relay settings not matching equipment ratings",
      "Unsealed cable trenches and openings between rooms",
      "Non-flameproof equipment in classified hazardous areas",
      "No lock-out/tag-out practice or permit system",
    ],
    deliverables: [
      "Audit report with photographs, standard references and priorities",
      "Earth resistance test records",
      "Thermography report with images and temperature rise",
      "Summary action list for corrective work",
      "Closing meeting with plant management",
    ],
    turnaround:
      "Site work of 1-4 days depending on plant size; report within about one week of the site work.",
    faqs: [
      {
        question: "Is an electrical safety audit mandatory?",
        answer:
          "The CEA Safety Regulations require installations to be maintained in a safe condition and inspected periodically; many insurers, customers and state authorities also ask for a third-party electrical safety audit. This audit gives you the evidence and the action list for both.",
      },
      {
        question: "Do you need a shutdown?",
        answer:
          "Mostly no. Inspection, thermography and most earth testing are done live under permit. Some earth continuity checks and panel internal inspections need short isolations, which we plan with you.",
      },
      {
        question: "Do you do arc-flash studies?",
        answer:
          "The audit includes arc-flash awareness: identifying high-risk points and reviewing practices. A full IEEE 1584 incident-energy study with board labels is a separate study because it needs a complete short-circuit and protection model.",
      },
    ],
    servicePaths: ["/services/electrical-safety"],
  },
  {
    name: "Industrial Lighting",
    category: "Electrical",
    summary:
      "LED high-bay and area lighting retrofits designed to IS 3646 illuminance levels, with lux surveys before and after, controls and installation at height.",
    description: `## Survey

We start with the existing installation: luminaire types (HPSV or metal halide high-bays, fluorescent battens, halogen floodlights), mounting heights, working plane, operating hours, and a lux survey on a grid across each area. Areas are classified by task — assembly, machining, inspection, storage, circulation — so that each gets the illuminance it needs rather than one figure everywhere.

## Design

- **Illuminance** — maintained illuminance values for each task taken from IS 3646 (Part 1), the Indian code of practice for interior illumination, with a maintenance factor suited to the dust level.
- **Simulation** in DIALux to check illuminance, uniformity and glare before ordering fittings.
- **Luminaire selection** — high-bay optics (narrow beams for high roofs and rack aisles, wide beams for low roofs), colour temperature and colour rendering suited to the task, higher rendering for inspection and colour-matching areas.
- **Environment** — IP65/IP66 for dusty and washdown areas, impact resistance for low-mounted fittings, high-ambient ratings near furnaces and ovens, glass-free fittings in food and pharma areas, and certified equipment to IS/IEC 60079 in classified hazardous zones.
- **Electrical** — BIS-registered luminaires, drivers with surge protection suitable for the location (outdoor and long-cable circuits need more), low-flicker drivers where rotating machinery is present, since flicker can cause a stroboscopic effect that makes moving parts look stationary.
- **Controls** — daylight sensors near roof lights and windows, occupancy sensors in stores and warehouse aisles, timers for yard lighting, DALI or 0-10 V dimming where useful.

## Installation

High-bay work is done from scissor or boom lifts with fall protection, under your permit system, area by area so production continues. Old fittings and lamps are removed for disposal; mercury-containing lamps are handed over for disposal through an authorised recycler.

## Verification

| Check | Result recorded |
|---|---|
| Lux survey on the same grid as before | Average and minimum illuminance, uniformity |
| Installed load per area | Watts before and after |
| Controls functional test | Sensor zones and timings |

Lighting is a common measure in an [Energy Audit](/services/energy-audit); the wattage reduction is measured, not estimated.`,
    brands: [
      "Philips (Signify)",
      "Havells",
      "Wipro Lighting",
      "Crompton",
      "Bajaj Electricals",
      "Surya Roshni",
    ],
    faults: [
      "Dark areas and poor uniformity between fittings",
      "HPSV and metal halide lamps with long restrike times after power dips",
      "LED drivers failing after surges",
      "Glare from high-bays at low mounting heights",
      "Flicker and stroboscopic effect near rotating machines",
      "Fittings clogged with dust, water ingress in outdoor fittings",
      "Lights left on in daylight and unoccupied areas",
    ],
    deliverables: [
      "Lux survey report before and after",
      "Lighting design with simulation output",
      "Luminaire schedule and bill of materials",
      "Installation and wiring records",
      "Controls commissioning record",
      "OEM warranty on luminaires; 6-month warranty on workmanship",
    ],
    turnaround:
      "Survey and design in 1-2 weeks; installation depends on area and access, typically a few days per bay when done around production.",
    faqs: [
      {
        question: "What lux level does our shop floor need?",
        answer:
          "It depends on the task: general assembly, fine machining, inspection and storage all have different recommended values in IS 3646 (Part 1). We design area by area rather than applying one figure to the whole building.",
      },
      {
        question: "Can we reuse existing fitting positions and wiring?",
        answer:
          "Often yes, which keeps the retrofit simple. We check in the simulation whether the existing spacing gives acceptable uniformity with the new optics, and verify the circuit wiring condition.",
      },
      {
        question: "Why do LED drivers fail in our plant?",
        answer:
          "Common causes are supply surges (from switching and lightning), high ambient temperature near the roof or process heat, and poor-quality drivers. Surge protection, the right temperature rating and a reputable make address most of them.",
      },
    ],
    servicePaths: ["/services/industrial-lighting"],
  },
  {
    name: "Earthing & Lightning Protection",
    category: "Electrical",
    summary:
      "Earthing systems to IS 3043 and lightning protection to IEC 62305: soil resistivity, design, earth pits, bonding, SPDs and testing with records.",
    description: `## Earthing

An earthing system has to do three things: carry fault current safely so protection operates, keep touch and step voltages within safe limits, and give electronic equipment a stable reference. We design, install and test earthing to IS 3043 (Code of practice for earthing), with substation grids checked for step and touch potential using the method of IEEE 80.

**Survey and testing**

- Soil resistivity by the Wenner four-pin method at several spacings and directions, to design electrodes for the actual ground.
- Earth electrode resistance by the fall-of-potential method; clamp-on testers for multiply-earthed systems where disconnection is not possible.
- Continuity of protective conductors and bonding from equipment to the main earth bar.
- Inspection of every pit: electrode, connections, corrosion, cover and marking.

**Design and installation**

- Electrodes (pipe, plate or rod) and interconnecting conductors sized for the prospective fault current and its duration.
- Equipotential bonding of structures, pipelines, cable trays and metal enclosures.
- A dedicated instrument or "clean" earth for PLCs and drives where required — always bonded to the main earthing system, never isolated from it.
- Earth enhancing compounds meeting IEC 62561-7 where soil resistivity is high; test pits with inspection covers for future measurement.

## Lightning protection

Lightning protection is designed to the IEC 62305 series (adopted in India as IS/IEC 62305):

| Part | Content |
|---|---|
| 62305-2 | Risk assessment: whether protection is needed and the class required |
| 62305-3 | External protection: air terminals, down conductors, earth termination; protection class I-IV with rolling sphere radius 20, 30, 45 or 60 m |
| 62305-4 | Protection of electrical and electronic systems: lightning protection zones, bonding and surge protective devices |

Air terminals and mesh are positioned by the rolling sphere or mesh method; down conductors follow the shortest straight routes with test joints; the earth termination is integrated with the power earthing. Components follow the IEC 62561 series. Early streamer emission (ESE) terminals are not part of IEC 62305; we design conventional systems to that standard.

**Surge protection** — Type 1 SPDs at the service entrance of buildings with external lightning protection, Type 2 at distribution boards and Type 3 near sensitive equipment, coordinated as IEC 61643 describes, including on instrument and communication lines that enter the building.

## Records

Each pit is numbered and listed in an earth pit register with its measured resistance, so annual testing can show trends. See also [Electrical Safety Audit](/services/electrical-safety).`,
    brands: [
      "Megger DET series earth testers",
      "Fluke 1625 earth ground tester",
      "Kyoritsu clamp-on earth testers",
      "OBO Bettermann, DEHN and Phoenix Contact surge protective devices",
      "IEC 62561-compliant air terminals, conductors and earth compounds",
    ],
    faults: [
      "Earth resistance rising, especially in the dry season",
      "Corroded or disconnected earth connections",
      "PLC and drive faults traced to poor earthing or earth loops",
      "Shock felt from equipment bodies",
      "Lightning damage to instruments, PLCs or communication equipment",
      "Missing or broken down conductors on buildings and chimneys",
      "Earth pits without marking, covers or records",
    ],
    deliverables: [
      "Soil resistivity test report",
      "Earthing and lightning protection design with drawings",
      "IEC 62305-2 risk assessment where required",
      "Earth pit register with measured values",
      "Installation and test records",
      "6-month warranty on workmanship",
    ],
    turnaround:
      "Testing and survey in 1-2 days for most plants; installation schedule depends on the number of pits and roof access.",
    faqs: [
      {
        question: "What earth resistance value should we aim for?",
        answer:
          "IS 3043 does not set a single value for all installations; the requirement depends on the system earthing, fault current, protection and touch voltage. We design to the value your system needs and state it in the design. Trending readings year to year matters as much as one number.",
      },
      {
        question: "Should electronics have a separate earth?",
        answer:
          "A dedicated instrument earth conductor is fine, but it must be bonded to the main earthing system. An isolated earth creates dangerous potential differences during faults and lightning and often makes noise problems worse.",
      },
      {
        question: "Are ESE lightning arresters better?",
        answer:
          "ESE terminals are not covered by IEC 62305, the standard adopted in India. We design conventional air-termination systems using the rolling sphere or mesh method as that standard specifies.",
      },
    ],
    servicePaths: [],
  },
  {
    name: "Thermography & Power Quality Study",
    category: "Electrical",
    summary:
      "Infrared thermography of electrical equipment under load and Class A power quality logging, with findings prioritised and linked to their causes.",
    description: `## Infrared thermography

Loose joints, overloaded conductors, failing contacts and unbalanced loads show up as heat before they fail. We scan HT and LT switchboards, bus ducts, transformers, cable terminations, MCCs, capacitor banks and drive panels with a thermal imager while the plant is running.

**How the scan is done**

- Panels are scanned under normal production load; the load current on each circuit is recorded at the time of the scan, since temperature rise depends on load. Scans at light load can miss developing faults.
- Emissivity and reflected temperature are set for the surface being viewed; shiny busbars and bare copper are measured on a lug, a painted area or a marked spot.
- Covers are opened only under your permit and with suitable PPE; where frequent scanning is needed, IR windows can be fitted to avoid opening panels.
- Each finding is classified by temperature rise above a similar component under similar load, or above ambient, into priorities from "monitor" to "repair immediately", following the approach of NETA maintenance testing specifications.

## Power quality study

Equipment that trips, resets or fails without an obvious cause often has a power quality problem behind it. We log with Class A power quality analysers (IEC 61000-4-30) at the incomer and at the affected equipment, usually for a full week so that all shifts and the weekly load pattern are captured.

| Parameter | What it explains |
|---|---|
| Voltage dips, swells, interruptions | Drive and PLC trips, contactors dropping out |
| Harmonics and THD (IEC 61000-4-7 method) | Capacitor failures, transformer and neutral heating, nuisance trips |
| Transients | Electronic card failures, SPD operation |
| Voltage unbalance | Motor heating |
| Flicker (Pst, Plt) | Lighting complaints near furnaces and welders |
| PF, kW, kVA, demand | Capacitor performance and demand management |

Events are matched with the plant's trip log and PLC alarm history, which is often what identifies the cause. Results are compared with IEEE 519 for harmonics at the point of common coupling and with the compatibility levels for industrial networks in IEC 61000-2-4.

## Recommendations

Findings lead to specific remedies — re-termination and tightening, load redistribution ([Load Balancing](/services/load-balancing)), detuned APFC ([APFC Panels](/services/apfc-panels)), harmonic filters, ride-through settings on drives, UPS or voltage regulation for sensitive equipment — rather than a generic list.`,
    brands: [
      "FLIR T-series and E-series thermal imagers",
      "Fluke Ti-series thermal imagers",
      "Fluke 435-II and 1770-series power quality analysers",
      "Hioki PQ3198 power quality analyser",
    ],
    faults: [
      "Hot spots on busbar joints, lugs and breaker terminals",
      "VFDs and PLCs tripping or resetting at random",
      "Capacitors failing or APFC fuses blowing",
      "Transformer and neutral overheating",
      "Motors running hot with no mechanical cause",
      "Flickering lights near furnaces or welding bays",
      "Electronic cards failing after storms or switching",
    ],
    deliverables: [
      "Thermography report: paired thermal and visual images, load current, temperature rise, priority",
      "Power quality report with logged trends and event list",
      "Harmonic assessment against IEEE 519",
      "Correlation of events with plant trips",
      "Prioritised recommendations",
    ],
    turnaround:
      "Thermography survey in 1-2 days for a typical plant; power quality logging over about one week; reports within a week of completing field work.",
    faqs: [
      {
        question: "How often should we do thermography?",
        answer:
          "Once a year is common for general switchgear, and every three or six months for critical incomers and heavily loaded panels. Re-scan after repairs to confirm the hot spot has gone.",
      },
      {
        question: "Can thermography find every fault?",
        answer:
          "No. It sees surfaces in its line of sight, so faults behind barriers or inside insulated joints may not show, and it only sees problems that produce heat at the load present. That is why we record load current and schedule scans at normal production load.",
      },
      {
        question: "Why log for a week instead of a day?",
        answer:
          "Many power quality events are tied to particular shifts, batches, neighbouring consumers or grid switching. A week captures the full pattern and gives enough data for a proper assessment.",
      },
    ],
    servicePaths: [],
  },
  {
    name: "Laser Shaft Alignment",
    category: "Mechanical",
    summary:
      "Laser alignment of motor-pump, motor-gearbox and fan trains with soft-foot correction and thermal growth offsets, documented as-found and as-left.",
    description: `## Why alignment matters

Misaligned shafts load bearings, seals and couplings with forces they were not designed for. The usual signs are repeated bearing and mechanical seal failures, coupling element wear, hot bearings and vibration at 1× and 2× running speed with high axial readings. A flexible coupling tolerates misalignment; it does not remove the loads it causes.

## Equipment covered

- Motor-pump sets: end-suction, split-case and multistage pumps
- Motor-gearbox and gearbox-machine couplings on conveyors, mixers, extruders and mills
- Fans and blowers, including overhung and centre-hung designs
- Cooling tower drives with long spacer shafts
- Compressors and vacuum pumps
- Belt drives — pulley alignment with a laser belt alignment tool
- Vertical pumps and machine trains of three or more elements

## Procedure

1. **Pre-alignment checks** — shaft and coupling run-out with a dial indicator, base and foundation condition, anchor bolts, coupling condition and gap.
2. **Soft foot** — measured at each foot and corrected before alignment; aligning a machine with soft foot gives readings that change when bolts are tightened.
3. **Pipe strain** — on pumps, the effect of loosening flange bolts is checked; a pump pulled out of line by its piping will not stay aligned.
4. **Thermal growth** — for hot pumps, compressors and gearboxes, target offsets come from the OEM or are calculated from operating temperatures.
5. **Measure and correct** — vertical correction with stainless-steel precut shims (we replace rusted and stacked shim packs), then horizontal correction with jack bolts where fitted; re-measured until within tolerance.
6. **Final torque** of hold-down bolts in sequence, followed by a confirming measurement.

Tolerances are taken from the OEM or from speed-based alignment tolerance tables such as those in ANSI/ASA S2.75, and are stated in the report.

## The report

| Item | Recorded |
|---|---|
| As-found alignment | Offset and angularity, vertical and horizontal |
| Soft foot | Reading per foot, correction made |
| Thermal targets | Values used and their source |
| As-left alignment | Offset and angularity against tolerance |
| Shims and corrections | Thickness per foot, moves made |

Alignment is often done together with a vibration check before and after — see Vibration Analysis & Condition Monitoring — or during a [motor repair](/services/motor-repair) when the motor goes back in.`,
    brands: [
      "Easy-Laser XT series",
      "Fluke (Prüftechnik) ROTALIGN",
      "SKF TKSA series",
      "Laser belt/pulley alignment tools",
      "Precut stainless-steel shims",
    ],
    faults: [
      "Repeated bearing failures on motor or pump",
      "Mechanical seal leaking soon after replacement",
      "Coupling rubber elements wearing or breaking",
      "High vibration at 1× and 2× running speed with high axial readings",
      "Hot bearings at the coupling end",
      "Belts wearing on one side or jumping off pulleys",
      "Misalignment after motor replacement or pump overhaul",
    ],
    deliverables: [
      "As-found and as-left alignment report",
      "Soft foot readings and corrections",
      "Thermal growth targets used",
      "Shim record per foot",
      "Recommendations on base, piping or coupling issues found",
    ],
    turnaround:
      "A typical motor-pump set is aligned within a few hours on site; visits can be arranged within 2-4 hours for breakdowns in Hyderabad.",
    faqs: [
      {
        question: "Why laser rather than dial indicators?",
        answer:
          "Dial indicators work in skilled hands, but lasers give faster, repeatable readings without bracket sag errors, show live values while the machine is moved and produce a report. On long spacer shafts and awkward couplings the difference is large.",
      },
      {
        question: "Should alignment be done hot or cold?",
        answer:
          "It is done cold, with target offsets that allow for thermal growth so the shafts become aligned at operating temperature. For critical machines the hot alignment can be checked after a run.",
      },
      {
        question: "How often should alignment be checked?",
        answer:
          "After any work that disturbs the machine, after foundation or piping changes, and when vibration trends point to misalignment. Many plants also include critical machines in an annual check.",
      },
    ],
    servicePaths: [],
  },
  {
    name: "Vibration Analysis & Condition Monitoring",
    category: "Mechanical",
    summary:
      "Route-based and online vibration monitoring with FFT diagnosis, severity assessed against ISO 20816-3 (formerly ISO 10816-3), and trended reports.",
    description: `## What it does

Vibration analysis finds developing faults in rotating machines — unbalance, misalignment, looseness, bearing and gear defects, electrical problems in motors — weeks or months before they cause a breakdown, so repairs can be planned into a shutdown.

## Severity: ISO 20816-3

For industrial machines above 15 kW running between 120 and 30,000 r/min, overall vibration severity is judged by the broadband velocity (r.m.s., mm/s) measured on the bearing housings, against the zones of ISO 20816-3 (which replaced ISO 10816-3):

| Zone | Meaning |
|---|---|
| A | Typical of newly commissioned machines |
| B | Acceptable for unrestricted long-term operation |
| C | Not suitable for continuous long-term operation; plan corrective action |
| D | Severe enough to cause damage |

The zone limits depend on machine size group (group 1 above 300 kW, group 2 from 15 to 300 kW) and whether the support is rigid or flexible. Overall values say how bad the vibration is; the spectrum says why.

## Diagnosis

| Finding in the data | Likely cause |
|---|---|
| High 1× running speed, radial, steady phase | Unbalance |
| High 1× and 2× with high axial vibration, phase shift across coupling | Misalignment |
| Many running-speed harmonics, directional differences | Mechanical looseness, soft foot |
| Non-synchronous peaks at bearing defect frequencies (BPFO, BPFI, BSF, FTF), envelope spectrum | Rolling-element bearing damage |
| Gear mesh frequency with sidebands | Gear wear, eccentricity, a damaged tooth |
| 2× line frequency (100 Hz); pole-pass sidebands around 1× | Stator or rotor electrical problems in motors |
| Response that changes sharply with speed, confirmed by bump test | Structural resonance |

## Programme options

- **Route-based monitoring** — critical and essential machines measured monthly or quarterly with a portable analyser; readings trended so a rising value is caught early.
- **Baseline surveys** after commissioning or overhaul, so later readings have a reference.
- **Online monitoring** — wired or wireless sensors on critical or hard-to-reach machines, with alarms to your SCADA or phone; see [Industrial IoT (IIoT) Solutions](/services/industrial-iot-iiot-solutions).
- **Troubleshooting visits** for a single problem machine.

Vibration data is combined with thermography, lubricant condition (oil samples through a laboratory) and motor electrical tests, so recommendations rest on more than one symptom. Corrective work follows through Laser Shaft Alignment, Gearbox & Pump Overhaul and [Motor Repair & Rewinding](/services/motor-repair).`,
    brands: [
      "SKF Microlog analysers",
      "Emerson AMS 2140",
      "Fluke 810 vibration tester",
      "Adash analysers",
      "SKF, Emerson and Banner wireless vibration sensors",
    ],
    faults: [
      "High vibration on fans, pumps, compressors or gearboxes",
      "Bearing noise or rising bearing temperature",
      "Repeated failures of the same bearing or seal",
      "Vibration after an overhaul or motor replacement",
      "Structural resonance at certain VFD speeds",
      "Gearbox noise changing with load",
      "Unplanned breakdowns with no warning",
    ],
    deliverables: [
      "Machine-wise vibration report with overall values, zone and spectra",
      "Diagnosis and recommended action with priority",
      "Trend charts for route-based programmes",
      "Baseline reference data after overhaul",
      "Summary list of machines needing action",
    ],
    turnaround:
      "Troubleshooting visits within 2-4 hours for urgent problems in Hyderabad; route reports within a few working days of measurement.",
    faqs: [
      {
        question: "How often should machines be measured?",
        answer:
          "Monthly is usual for critical machines, quarterly for essential ones. The interval should be shorter than the time it takes a fault to go from detectable to failure, which is why critical machines may justify online sensors.",
      },
      {
        question: "Is a single overall reading enough?",
        answer:
          "It tells you whether a machine is in trouble, not what is wrong. Spectra, envelope data and phase readings are needed to diagnose the cause and decide the repair.",
      },
      {
        question: "Do you use ISO 10816 or ISO 20816?",
        answer:
          "ISO 20816-3 has replaced ISO 10816-3 for industrial machines. The zone approach is the same; reports state which part and machine group the assessment uses.",
      },
    ],
    servicePaths: [],
  },
  {
    name: "Gearbox & Pump Overhaul",
    category: "Mechanical",
    summary:
      "Workshop and site overhaul of industrial gearboxes and centrifugal pumps: inspection, bearings, seals, wear rings, gear checks and run testing.",
    description: `## Gearboxes

Helical, bevel-helical, worm and planetary gearboxes on conveyors, mixers, extruders, cooling towers, crushers and mill drives.

**Inspection**

- Oil drained and examined for metal particles, water and sludge; magnetic plugs checked.
- Gear teeth inspected for pitting, scuffing, wear, cracks and broken teeth; contact pattern checked with marking compound.
- Backlash and bearing end float measured with a dial indicator; shafts checked for run-out and wear at bearing and seal seats.
- Housing bores and mating faces checked; breather condition.

**Overhaul**

Bearings and oil seals replaced with equivalents of the same dimensions and rating; shafts with worn seats sleeved or reclaimed by machining; damaged gears replaced with OEM gears or, for obsolete boxes, manufactured to reverse-engineered data through a gear-cutting partner. The box is reassembled with the correct end float, refilled with the oil grade the manufacturer specifies (ISO VG and type), and run-tested for noise, temperature and leaks.

## Pumps

End-suction (back pull-out), split-case, multistage and vertical inline centrifugal pumps for water, cooling, process and utilities.

**Inspection**

| Part | Checks |
|---|---|
| Impeller | Erosion, cavitation damage, vane tips, balance |
| Wear rings | Clearance against the OEM limit |
| Shaft and sleeve | Run-out, wear at the seal or packing area |
| Bearings and housing | Condition, fits, lubrication |
| Casing | Erosion, corrosion, volute tongue |
| Sealing | Mechanical seal faces, elastomers; gland packing and sleeve |

**Overhaul**

Wear rings renewed to restore clearance, impellers trimmed only to a duty agreed with you, impellers dynamically balanced, shafts straightened or replaced, sleeves renewed, mechanical seals replaced (cartridge seals where conversion helps maintenance), and eroded casings rebuilt with ceramic-filled epoxy coatings where suitable. Packed pumps can be converted to mechanical seals.

## After reassembly

The unit is aligned to its driver (see Laser Shaft Alignment), run and checked for vibration, bearing temperature and leakage, and for pumps the duty point is checked against the curve with flow, head and power readings where instruments allow. The report includes as-found condition, parts replaced and measurements, and records the root cause where one was found — cavitation, running off the curve, misalignment, lubrication — so the same failure is not repeated.`,
    brands: [
      "Elecon, Flender, SEW-Eurodrive, Bonfiglioli, Nord and Shanthi Gears gearboxes",
      "KSB, Kirloskar Brothers, Grundfos, Sulzer and Xylem (Lowara) pumps",
      "EagleBurgmann, John Crane and Flowserve mechanical seals",
      "SKF, FAG (Schaeffler), NSK and Timken bearings",
    ],
    faults: [
      "Gearbox noise, knocking or rising temperature",
      "Oil leaks from gearbox seals and joints",
      "Metal particles in gearbox oil",
      "Pump not delivering rated flow or head",
      "Cavitation noise and impeller erosion",
      "Mechanical seal leakage",
      "Pump bearing failure and high vibration",
      "Pump motor overloading",
    ],
    deliverables: [
      "As-found inspection report with photographs and measurements",
      "Quotation before overhaul work starts",
      "Record of clearances, backlash and end float as-left",
      "Run-test record: vibration, temperature and leakage",
      "Root-cause observations",
      "6-month warranty on workmanship",
    ],
    turnaround:
      "Pump overhauls with available parts typically in 2-5 working days; gearbox overhaul time depends on gear and bearing availability and is given with the quotation.",
    faqs: [
      {
        question: "Do you use genuine parts?",
        answer:
          "We use OEM parts where available and reasonable, or bearings and seals of the same dimensions and rating from established makes. The report lists what was fitted.",
      },
      {
        question: "Our pump keeps failing after overhaul. Why?",
        answer:
          "The cause is usually outside the pump: running far from the best efficiency point, low suction pressure causing cavitation, misalignment or pipe strain. We record the operating conditions and look for the root cause, not only the failed parts.",
      },
      {
        question: "Can you overhaul on site?",
        answer:
          "Smaller pumps and many gearboxes are overhauled on site when transport is difficult, but gear inspection, balancing and machining are better done in the workshop.",
      },
    ],
    servicePaths: [],
  },
  {
    name: "Air Compressor Service",
    category: "Utility",
    summary:
      "Independent service of screw and reciprocating compressors and air dryers: scheduled maintenance, fault diagnosis, controller and VSD repair, FAD checks.",
    description: `## Scope

Oil-injected screw compressors, reciprocating compressors, refrigerated and desiccant air dryers, receivers, filters and condensate drains. We are an independent service provider, not an OEM dealer; on compressors still under manufacturer's warranty we recommend keeping to the OEM's service arrangement and can support your team alongside it.

## Scheduled maintenance

Service intervals follow the manufacturer's schedule by running hours:

- Air filter, oil filter and oil separator replacement; oil change with the grade the OEM specifies
- Cooler cleaning (air-cooled fins or water-side descaling)
- Inlet valve, minimum pressure valve, thermostatic valve and blow-down valve inspection and service kits
- Drive belt tension or coupling element check; motor bearing greasing
- Safety valve operation and pressure switch or transducer checks
- Condensate drains and dryer checks; receiver and drain inspection

## Fault diagnosis and repair

| Complaint | What we check |
|---|---|
| High discharge temperature trip | Cooler fouling, oil level and grade, thermostatic valve, fan, room ventilation |
| Oil carry-over into the air | Separator element, scavenge line, oil level, minimum pressure valve |
| Not loading or not reaching pressure | Inlet valve and solenoid, leaks, air filter, controller settings |
| Frequent load/unload cycling | Receiver size, pressure band, demand pattern |
| Motor overload trips | Voltage, star-delta timing, air-end condition, separator pressure drop |
| Wet air downstream | Dryer refrigerant circuit or desiccant, drains, pressure dew point |

Controllers and the electrical side are our core work: star-delta starters, pressure transducers, controller faults and VSD compressor drives — see [VFD Repair](/services/vfd-repair). Air-end overhaul (rotor bearings and seals) needs specialised fixtures and is carried out through an air-end rebuild specialist or the OEM.

## Performance

Free air delivery (FAD) can be checked on site by the receiver pump-up method, which gives an indication of whether the compressor still delivers close to its rating. Dryer performance is checked by measuring pressure dew point. For system-level savings — leaks, pressure setting, sequencing — see [Energy Saving Projects](/services/energy-saving-projects).`,
    brands: [
      "Atlas Copco GA and GA VSD (Elektronikon controllers)",
      "ELGi EG series (Neuron controllers)",
      "Ingersoll Rand",
      "Kaeser (Sigma Control 2)",
      "Chicago Pneumatic",
      "Kirloskar Pneumatic",
      "BOGE",
    ],
    faults: [
      "High discharge or element temperature trip",
      "Oil carry-over into the air lines",
      "Compressor not loading or not building pressure",
      "Frequent load/unload cycling",
      "Motor overload or star-delta failure",
      "Controller fault or pressure transducer error",
      "VSD compressor drive trips",
      "Wet air or ice in the refrigerated dryer",
    ],
    deliverables: [
      "Service checklist with parts replaced and running hours",
      "Fault diagnosis report for breakdown calls",
      "FAD pump-up test record where included",
      "Dryer pressure dew point reading",
      "Recommendations for the compressed air system",
      "6-month warranty on repairs",
    ],
    turnaround:
      "Breakdown visits within 2-4 hours in Hyderabad; scheduled services usually completed in one shift, subject to service kit availability.",
    faqs: [
      {
        question: "Will independent servicing void our warranty?",
        answer:
          "It can, if the compressor is still under OEM warranty that requires dealer servicing. Check your warranty terms; for out-of-warranty machines we service to the manufacturer's schedule.",
      },
      {
        question: "Do you use genuine service kits?",
        answer:
          "We fit OEM kits or equivalent filters, separators and oils that meet the manufacturer's specification, as you prefer. The service record lists what was used.",
      },
      {
        question: "How do we know if the compressor is still delivering its rated air?",
        answer:
          "A receiver pump-up FAD test gives a practical indication on site. A large shortfall points to inlet valve, air-end wear or internal leaks and is worth investigating before buying another compressor.",
      },
    ],
    servicePaths: [],
  },
  {
    name: "Greenfield Projects",
    category: "Automation",
    summary:
      "Electrical and automation package for new plants: design basis, power distribution, panels, PLC/SCADA, cabling, commissioning and handover.",
    description: `## What we take on

For a new plant or a new production block, we deliver the electrical and automation package as one contractor: from the load list to a commissioned, documented system. Process equipment, civil works and utilities such as HVAC are provided by others; we coordinate with them so interfaces — power feeds, control signals, interlocks, network connections — are agreed on paper before they are built.

## Our scope

**Engineering**

- Design basis: supply voltage and source (11 kV or 33 kV incomer, LT supply), transformer and DG sizing, power factor correction and harmonic allowance, earthing and lightning protection concept.
- Single-line diagrams, load list, cable sizing and schedules, cable tray and trench layouts, earthing and lighting layouts.
- Control architecture: PLC and SCADA platform, I/O lists, network architecture with segmentation between plant and office networks, instrument list and hook-up schedule.
- Power system studies (load flow, short-circuit, relay coordination) by our engineers or, for larger HT systems, with a specialist partner.

**Supply and build** — LT switchboards, MCCs, PLC and drive panels, APFC panels built in our Balanagar workshop ([Control Panel Fabrication](/services/control-panel-fabrication)); HT switchgear, transformers and DG sets procured from OEMs against specifications we write and evaluate.

**Installation and commissioning** — panel erection, cabling and terminations, earthing, lighting; pre-commissioning tests; I/O loop checks; PLC/SCADA commissioning; cold and hot commissioning with the process equipment suppliers.

## What partners and others do

| Item | Who |
|---|---|
| Civil, structural and building works | Your civil contractor |
| Process machinery and skids | Equipment OEMs (we integrate their controls) |
| HVAC, cleanrooms, fire detection | Specialist contractors |
| Statutory electrical approvals | Applied by the owner through the licensed electrical contractor of record; we prepare drawings and test records |
| DISCOM connection | Owner's application; we prepare the technical documents |

## How the project runs

A single project engineer is your point of contact from kick-off to handover. Drawings go through your approval before manufacture; panels go through a factory acceptance test you can witness; site work follows a method statement and a permit system. For regulated industries such as pharmaceuticals we prepare documentation in the form your validation team needs (functional specifications, FAT/SAT protocols, I/O and alarm lists), in line with the GAMP 5 approach.

## Handover

As-built drawings, cable schedules, test records, unlocked PLC/SCADA source, spares lists, operation and maintenance manuals, and training for your maintenance team. An AMC can follow — see [/contact](/contact).`,
    brands: [
      "Siemens, Rockwell Automation, Schneider Electric and Mitsubishi PLC/SCADA platforms",
      "ABB, Siemens, Schneider Electric and L&T / Lauritz Knudsen switchgear",
      "Siemens WinCC, AVEVA (Wonderware) and Inductive Automation Ignition SCADA",
      "EPLAN and AutoCAD Electrical for drawings",
    ],
    faults: [
      "Interfaces between OEM machines and plant systems not defined",
      "Electrical design started late, after equipment was ordered",
      "No single party responsible for the control system",
      "Cable schedules and drawings not matching site",
      "Commissioning delayed by missing I/O and interlock definitions",
      "Handover documents incomplete",
    ],
    deliverables: [
      "Design basis, single-line diagrams and load list",
      "Cable schedules, layouts and earthing/lighting drawings",
      "Control architecture, I/O lists and network drawings",
      "Panels with FAT reports",
      "Installation and commissioning records, SAT reports",
      "As-built documentation, source code and training",
    ],
    turnaround:
      "Scheduled with the overall project; an engineering schedule is issued at kick-off and tied to equipment delivery and civil readiness.",
    faqs: [
      {
        question: "Can you work with machines supplied by several OEMs?",
        answer:
          "Yes. That is a large part of the job: defining signal, interlock and network interfaces with each OEM early, then integrating their controls into plant SCADA.",
      },
      {
        question: "Do you handle HT substations?",
        answer:
          "We engineer, specify, install and test HT switchgear and transformers. Statutory approvals are applied for by the owner through the licensed electrical contractor of record, and we prepare the documents and test records required.",
      },
      {
        question: "Can you produce documentation for pharma validation?",
        answer:
          "Yes: functional specifications, FAT and SAT protocols, I/O and alarm lists, and traceability between them, in the format your validation team uses.",
      },
    ],
    servicePaths: ["/services/greenfield-projects"],
  },
  {
    name: "Brownfield Expansions",
    category: "Automation",
    summary:
      "Electrical and automation expansions in running plants: site surveys, as-built updates, PLC migration, shutdown planning and safe cut-overs.",
    description: `## The difference from a new plant

In a running plant the hard part is not the new equipment; it is connecting it to a system that is live, partly undocumented and cannot stop for long. Our brownfield work is built around that: find out what is really there, prepare everything offline, and use short shutdowns well.

## Survey and as-built

- Walk-down of the affected switchboards, MCCs, PLC panels and networks, with photographs and a record of spare ways, spare I/O and busbar capacity.
- Existing drawings compared with site; where they differ, we mark up as-built drawings before designing anything new.
- Load logging on the feeders that will take new load, so capacity is known rather than assumed.
- Backup of every PLC, HMI and drive parameter set that will be touched, before any change.

## Typical expansion work

- New feeders in existing switchboards or new extension sections; new MCCs and drive panels for additional lines.
- PLC expansion with new I/O racks or remote I/O on the existing network, or a new PLC with defined interfaces to the old one.
- **PLC migration** of obsolete platforms — for example Siemens S5 or S7-300 to S7-1500, Allen-Bradley PLC-5 or SLC 500 to CompactLogix or ControlLogix — with logic converted and tested against a simulation before site.
- SCADA upgrades: new screens, tags and historian for added equipment; migration from old SCADA versions.
- Network changes: new switches and segmentation so additions do not disturb existing control traffic — see [OT Cybersecurity & Network Protection](/services/ot-cybersecurity-network-protection).

## Cut-over planning

| Step | Purpose |
|---|---|
| Cut-over plan, hour by hour | Everyone knows the sequence and who does what |
| Pre-terminated, labelled cables | Short connection time in the shutdown |
| Offline-tested programs and FAT of new panels | No debugging during the shutdown |
| Fallback plan | Old system can be restored if the new one is not ready |
| Post-cut-over test list | Each loop and interlock confirmed before production restarts |

Work in live areas follows your permit-to-work, isolation and lock-out procedures; changes to running control systems follow your management-of-change process.

## Scope with partners

Mechanical installation of new machines, civil work and process piping are done by the machine suppliers or your contractors; we integrate electrically and in control. For new plants see [Greenfield Projects](/services/greenfield-projects).`,
    brands: [
      "Siemens S5/S7-300/S7-400 to S7-1500 migrations",
      "Allen-Bradley PLC-5/SLC 500 to CompactLogix/ControlLogix migrations",
      "Schneider Electric Modicon and Mitsubishi PLC platforms",
      "Siemens WinCC, AVEVA (Wonderware) and Ignition SCADA",
    ],
    faults: [
      "Obsolete PLCs with no spares and no support",
      "Switchboards without spare feeders or busbar capacity",
      "Drawings not matching what is installed",
      "New equipment disturbing existing network communication",
      "Long shutdowns because work was not prepared offline",
      "No program backups for existing PLCs and drives",
    ],
    deliverables: [
      "Survey report with marked-up as-built drawings",
      "Backups of existing PLC, HMI and drive configurations",
      "Design drawings and cut-over plan",
      "Tested programs and FAT of new panels",
      "Post-cut-over test records",
      "Updated as-built documentation",
    ],
    turnaround:
      "Survey within days of order; site work planned around your shutdown calendar, with most cut-overs designed to fit a weekend or planned maintenance stop.",
    faqs: [
      {
        question: "Can you work on a PLC we have no program for?",
        answer:
          "If the PLC is running, the program can usually be uploaded, though without comments or symbols. We upload and back it up first, then document it before making changes.",
      },
      {
        question: "How long will the shutdown be?",
        answer:
          "It depends on the change, and we plan it with you. Preparing cables, panels and programs in advance usually reduces the shutdown to the time needed for final connections and testing.",
      },
      {
        question: "Can old and new PLCs run together?",
        answer:
          "Yes, during a phased migration the old and new controllers can exchange signals over a gateway or hardwired interface, so the plant can be migrated area by area.",
      },
    ],
    servicePaths: ["/services/brownfield-expansions"],
  },
  {
    name: "Skid-Mounted Solutions",
    category: "Automation",
    summary:
      "Pre-wired, pre-tested process skids with local control panels: dosing, CIP, pumping and water treatment units, factory-tested before dispatch.",
    description: `## What a skid is

A skid is a self-contained process unit — pumps, valves, instruments, piping and a control panel on one base frame — built and tested away from site, then installed with a few connections. It shortens site work and moves testing into a controlled workshop.

## Typical skids

- Chemical dosing skids with metering pumps and flow or level control
- Clean-in-place (CIP) skids for food, dairy and pharmaceutical plants
- Pump skids with VFDs for pressure boosting and transfer
- Water treatment and filtration units, softeners and RO feed skids
- Temperature control units (heating/cooling circuits for reactors and moulds)
- Utility skids: compressed air treatment, cooling water treatment

## Who does what

| Work | Our scope | Partner scope |
|---|---|---|
| Process design and P&ID | Review and instrument selection | Process licensor or your process team |
| Base frame and piping fabrication | Coordination and inspection | Partner fabrication shop (including hygienic SS piping where required) |
| Instruments and valves | Selection, hook-up, calibration records | — |
| Electrical and control panel | Design, build, wiring, PLC/HMI programming | — |
| Skid wiring | Cable trays, glands, junction boxes, earthing | — |
| Testing | FAT with water or simulated media | Hydrotest of piping by fabricator |

## Control

Each skid has a local control panel with a PLC and HMI suited to its size, and a defined interface to plant control: hardwired signals, Profinet, EtherNet/IP or Modbus TCP. Interfaces are documented in an interface list agreed with the plant's control system owner. Motors and pumps are fed from starters or drives in the skid panel — see [PLC Panels](/services/plc-panels) and [VFD Panels](/services/vfd-panels).

## Design points

- Hazardous area classification respected: Ex-certified instruments and junction boxes where solvents or flammable gases are present, and the control panel outside the zone or purged.
- Hygienic design for food and pharma: drainable piping, suitable surface finish, washdown-rated panels and instruments.
- Maintenance access to pumps, filters and instruments inside the skid footprint.
- Lifting points and transport bracing designed into the frame.

## Factory acceptance test

The FAT runs the skid with water (or simulated signals) through its sequences: instrument loop checks, pump and valve operation, control loops tuned as far as possible, alarms and interlocks, and communication to a simulated plant interface. For pharmaceutical skids, FAT protocols are prepared in the form your validation team requires. Site work is then limited to placement, utility connections, a site acceptance test and final tuning.`,
    brands: [
      "Siemens S7-1200/S7-1500 and Allen-Bradley CompactLogix controllers",
      "Endress+Hauser, Yokogawa, Emerson (Rosemount) and Krohne instruments",
      "Grundfos, KSB and Alfa Laval pumps",
      "ProMinent and Milton Roy metering pumps",
      "Danfoss, ABB and Siemens drives",
    ],
    faults: [
      "Long site commissioning for equipment assembled in place",
      "Skids supplied without documentation or source code",
      "Interface between skid and plant control not defined",
      "Instruments unsuitable for hazardous areas",
      "Skid panels overheating or not washdown rated",
      "Poor maintenance access to pumps and instruments",
    ],
    deliverables: [
      "Interface list, I/O list and functional description",
      "Electrical and control drawings, panel FAT",
      "Skid FAT protocol and report",
      "Instrument calibration records",
      "Unlocked PLC and HMI source",
      "Operation and maintenance manual",
    ],
    turnaround:
      "Quoted per skid from the approved P&ID; schedules depend on fabrication and long-lead instruments.",
    faqs: [
      {
        question: "Do you fabricate the skid frame and piping yourselves?",
        answer:
          "Frames and piping are fabricated by partner fabrication shops under our coordination and inspection. We carry out the electrical, instrumentation and control work, assembly coordination and testing.",
      },
      {
        question: "Can you add controls to a skid supplied by another vendor?",
        answer:
          "Yes. We can design and build the control panel and PLC program for a mechanical skid supplied by others, or replace an unsupported controller on an existing skid.",
      },
      {
        question: "Can we witness the FAT?",
        answer:
          "Yes, and we recommend it. The FAT protocol is shared in advance so your team can add tests.",
      },
    ],
    servicePaths: ["/services/skid-mounted-solutions"],
  },
  {
    name: "Battery Manufacturing Automation",
    category: "Automation",
    summary:
      "Controls, panels and data systems for lead-acid and lithium-ion battery plants: curing, formation, assembly lines, safety interlocks and traceability.",
    description: `## Where we fit

Battery plants combine specialised process machines — grid casters, pasters, formation chargers, cell testers, laser welders — with plant-wide power, utilities, safety and data systems. The machines come from specialist OEMs; we provide the electrical and automation work that ties them into a plant and keeps it running.

## Lead-acid plants

| Area | Our work |
|---|---|
| Oxide and paste mixing | Motor control, batching PLC, weighing integration |
| Grid casting and pasting | Drive panels, line PLC changes, temperature control loops, breakdown support |
| Curing and drying chambers | PLC/SCADA control of temperature and humidity profiles, recipe management, batch records |
| Formation | Monitoring of formation circuits and chargers on SCADA, acid temperature and cooling control, hydrogen ventilation and gas detection interlocks |
| Assembly | Interlocks and data collection on COS, intercell welding, heat sealing and leak-test stations |
| Utilities | Acid handling interlocks, effluent treatment controls, compressed air and cooling water |

Formation rectifiers are large non-linear loads. Their harmonics and reactive power affect the whole plant, so power distribution, harmonic filtering and [APFC Panels](/services/apfc-panels) are designed with them in mind.

## Lithium-ion module and pack assembly

For pack lines, our work is the line control layer and its integration:

- Conveyor and station PLCs, HMIs and safety circuits for manual and semi-automatic stations.
- Integration of OEM equipment — cell OCV/internal-resistance sorters, laser or wire-bonding welders, BMS flashing and end-of-line testers — through defined signal and data interfaces.
- Traceability: cell, module and pack serial numbers scanned and linked to test results and process data, passed to MES or ERP (see [MES & ERP Integration Services](/services/mes-erp-integration-services)).
- Safety interlocks for charging and ageing areas: temperature monitoring, smoke and gas detection inputs, isolation of racks on alarm. Fire suppression systems and dry-room HVAC with dew-point control are provided by specialist contractors; we integrate their alarms and interlocks.

## What we do not supply

We do not manufacture formation chargers, welders, cell testers or process machines, and we do not design cell chemistry or process recipes. We work with the equipment your process team has selected, and with its OEM, on interfaces and commissioning.

## Ongoing support

Battery plants run continuously, so many customers combine project work with breakdown support and drive repair for the same lines — see [VFD Repair](/services/vfd-repair) and [PLC Panels](/services/plc-panels).`,
    brands: [
      "Siemens S7-1500 and Allen-Bradley ControlLogix line controllers",
      "Siemens WinCC and Ignition SCADA",
      "Cognex and Keyence barcode/2D code readers",
      "Drives and motion from Siemens, ABB, Yaskawa and Mitsubishi",
    ],
    faults: [
      "Curing chamber temperature and humidity drifting from profile",
      "Formation circuit alarms not visible centrally",
      "Hydrogen ventilation interlocks missing or bypassed",
      "No traceability between cells, modules and test results",
      "Harmonic problems from formation rectifiers",
      "OEM stations not communicating with line control",
    ],
    deliverables: [
      "Control philosophy and interlock list",
      "Panels with FAT reports",
      "PLC/SCADA programs, unlocked",
      "Interface specifications for OEM equipment",
      "Commissioning and SAT records",
      "As-built documentation and training",
    ],
    turnaround:
      "Project work to an agreed schedule; breakdown support on running lines within 2-4 hours in Hyderabad.",
    faqs: [
      {
        question: "Do you supply complete battery production lines?",
        answer:
          "No. Process machines come from specialist OEMs. We supply power distribution, control panels, PLC/SCADA, integration, safety interlocks and traceability, and commission them with the OEMs.",
      },
      {
        question: "Can you retrofit SCADA to existing curing chambers?",
        answer:
          "Yes. Existing controllers can usually be read over Modbus or another protocol; where they cannot, we replace the controller with a PLC and keep the existing sensors and actuators where they are in good condition.",
      },
      {
        question: "How do you handle hydrogen in formation areas?",
        answer:
          "Ventilation rates are set by the plant's process and safety design; we implement gas detection, ventilation interlocks and alarms so that charging cannot continue with ventilation failed, and select electrical equipment suitable for the area classification.",
      },
    ],
    servicePaths: ["/services/battery-manufacturing-automation"],
  },
  {
    name: "Industrial IoT (IIoT) Solutions",
    category: "Automation",
    summary:
      "Machine and energy data from PLCs, meters and retrofit sensors to dashboards and alerts, using OPC UA and MQTT, with the plant owning its data.",
    description: `## What we build

Practical data systems for plant floors: collecting machine states, counts, energy and condition data; showing it to the people who act on it; and alerting them when something goes wrong. We start with a specific question — why is this line's output lower on night shift, which machine uses the most energy per piece — and build only what answers it.

## Connecting machines

- **Machines with PLCs** — data read over OPC UA (native on Siemens S7-1500 and many newer controllers), EtherNet/IP, S7 communication or Modbus TCP, without changing the machine's control logic wherever possible.
- **Energy meters** — multifunction meters on Modbus RTU (RS-485) networks, read through gateways.
- **Legacy machines without PLCs** — retrofit sensors: current transducers for run/idle status, proximity sensors for counts, temperature and vibration sensors, wired to a small I/O unit.
- **Edge gateways** collect, buffer and forward the data, so a network outage does not lose it.

## Moving and storing data

MQTT (with Sparkplug B where structure matters) and OPC UA carry data from the edge. Storage and dashboards run on-premises (time-series database with Grafana, or Inductive Automation Ignition) or in a cloud account set up in your name. The choice depends on your IT policy, not on our preference.

## Typical applications

| Application | Data used |
|---|---|
| OEE per line (availability × performance × quality) | Run state, counts, rejects, planned time |
| Downtime analysis | Stop reasons from PLC alarms or operator entry on a tablet |
| Energy monitoring | kWh per machine, per shift, per unit produced |
| Condition monitoring | Vibration, temperature, motor current trends with thresholds |
| Utility monitoring | Compressed air flow and pressure, water, DG running |
| Alerts | SMS or e-mail on stoppage, threshold or communication loss |

## Security and ownership

Data flows out of the control network through a controlled path; no inbound connections from the internet reach PLCs. Network design follows the zone approach described under [OT Cybersecurity & Network Protection](/services/ot-cybersecurity-network-protection). Your plant owns the data, the accounts and the dashboards.

## Scope and partners

We do the field connectivity, gateways, networking, data modelling, dashboards and alerts. Custom software applications, advanced analytics and machine-learning models are developed with software partners when a project needs them. We recommend a pilot on one line first, so value is proven before the system is extended.`,
    brands: [
      "Siemens SIMATIC IOT2050 and Industrial Edge",
      "HMS Ewon Flexy, Moxa and Advantech gateways",
      "Kepware KEPServerEX",
      "Inductive Automation Ignition",
      "Node-RED, InfluxDB and Grafana",
      "Schneider Electric Conzerv, Secure and Elmeasure energy meters",
    ],
    faults: [
      "No reliable data on machine downtime or output",
      "Energy use not known per machine or product",
      "Legacy machines with no PLC or communication",
      "Data trapped in individual HMIs",
      "Manual log sheets filled in at shift end",
      "Remote access to machines through insecure tools",
    ],
    deliverables: [
      "Use-case definition and data point list",
      "Network and architecture drawing",
      "Installed gateways, sensors and meters",
      "Dashboards, reports and alert configuration",
      "Documentation of tags, data model and accounts",
      "Training for users and administrators",
    ],
    turnaround:
      "A single-line pilot is usually running within a few weeks of agreeing the data point list; plant-wide roll-out is scheduled after the pilot review.",
    faqs: [
      {
        question: "Do we need to change our machine PLC programs?",
        answer:
          "Usually not. Most data can be read from existing PLC tags. Where a signal does not exist in the PLC, a retrofit sensor or a small program addition is proposed and agreed with you.",
      },
      {
        question: "Cloud or on-premises?",
        answer:
          "Either. On-premises keeps data inside the plant and suits strict IT policies; cloud suits multi-site comparison. Accounts are set up in your name in both cases.",
      },
      {
        question: "Will this slow down our control network?",
        answer:
          "Properly designed polling rates and a separate data network or VLAN keep the load negligible. We measure network load before and after connecting.",
      },
    ],
    servicePaths: ["/services/industrial-iot-iiot-solutions"],
  },
  {
    name: "EV Charging Infrastructure",
    category: "Electrical",
    summary:
      "AC and DC EV charging at factories and campuses: load assessment, supply and protection design, installation, OCPP backend integration and commissioning.",
    description: `## Who it is for

Factories, warehouses, offices and campuses that want to charge staff cars, company fleets, electric delivery vehicles or buses on their own premises. (Charging for forklifts and other industrial trucks is a different arrangement and is designed with the truck supplier.)

## Assessment

- Number and type of vehicles, daily distance, dwell time — these decide the mix of AC and DC chargers.
- Existing transformer capacity, contract demand and load profile from logged data; whether charging fits existing capacity with load management, or needs augmentation or a separate service connection with its own meter and tariff from the DISCOM.
- Location: parking layout, cable routes, distance from the LT panel, civil constraints.

## Chargers

| Type | Typical use |
|---|---|
| AC chargers, Type 2 connector | Staff and fleet cars parked for several hours |
| DC fast chargers, CCS2 connector | Fleet vehicles needing quick turnaround, buses |
| Low-voltage DC chargers | Electric two- and three-wheelers where their connector standard applies |

Chargers are selected to conform to the IS 17017 series for conductive charging (aligned with IEC 61851) and IEC 62196 connectors, and with OCPP support so they can be managed from a central system.

## Electrical design and installation

- Dedicated feeder and distribution board for chargers, sized with the diversity that load management allows.
- Protection per charger, including residual current protection of the type the charger manufacturer specifies for DC fault currents.
- Earthing to IS 3043, surge protection, and compliance with the CEA (Measures relating to Safety and Electric Supply) Regulations, 2023 as they apply to charging stations.
- **Load management**: the charging management system shares available capacity between chargers, so the site's maximum demand is not exceeded.
- Civil works — foundations, bollards, canopies, markings — through a civil partner under our coordination.

## Software and operation

Chargers are connected over OCPP to a charge point management system — the charger manufacturer's or a third-party platform chosen by you — for user authorisation, energy records per vehicle or user, and remote diagnostics. We configure the connection and test it; the platform itself is a subscription with its provider.

## Commissioning and support

Insulation and earthing tests, protection checks, functional tests of each charger with a vehicle, load management test and handover. Chargers are maintained under the OEM warranty; we provide first-line site support and electrical maintenance. For the supply side see [HT/LT Panel Service](/services/ht-lt-panel) and, for on-site generation, [Solar EPC](/services/solar-epc).`,
    brands: [
      "ABB Terra AC and Terra DC chargers",
      "Delta AC and DC chargers",
      "Schneider Electric EVlink",
      "Exicom chargers",
      "OCPP 1.6J / 2.0.1 charge point management platforms",
    ],
    faults: [
      "Chargers tripping the upstream breaker or RCD",
      "Site maximum demand exceeded when several vehicles charge",
      "Chargers offline from the management system",
      "Earthing faults reported by chargers",
      "Charging sessions stopping midway",
      "Transformer or feeder capacity unknown before adding chargers",
    ],
    deliverables: [
      "Load assessment and charger mix recommendation",
      "Single-line diagram, layout and cable schedule",
      "DISCOM application documents where a new connection is needed",
      "Installation, test and commissioning records",
      "OCPP and load management configuration record",
      "6-month warranty on installation; OEM warranty on chargers",
    ],
    turnaround:
      "AC charger installations on existing supply in about 1-2 weeks after equipment arrives; DC chargers and new connections depend on DISCOM and equipment lead times.",
    faqs: [
      {
        question: "Do we need a new electricity connection for chargers?",
        answer:
          "Not always. If your transformer and contract demand have spare capacity, chargers can run from your existing supply with load management. A separate connection may make sense for large installations or to use an EV tariff; we assess both options from your load data.",
      },
      {
        question: "AC or DC chargers?",
        answer:
          "If vehicles are parked for several hours, AC chargers are cheaper and easier on your supply. DC fast chargers suit vehicles that must turn around quickly between trips.",
      },
      {
        question: "Can we bill users or departments for charging?",
        answer:
          "Yes, through the charge point management system, which records energy per session and per user or RFID card. We configure the chargers on the platform you choose.",
      },
    ],
    servicePaths: ["/services/ev-charging-infrastructure"],
  },
  {
    name: "Digital Twin & Virtual Commissioning",
    category: "Automation",
    summary:
      "Testing PLC programs against simulation models before site: I/O-level and process simulation in-house, 3D machine models with specialist partners.",
    description: `## What the terms mean here

"Digital twin" is used loosely in the industry. In our work it means a simulation model of a machine or process, detailed enough to test the real control program against it. **Virtual commissioning** is using that model to run the PLC and HMI programs — on a simulated or real controller — through their sequences, interlocks and fault responses before anything is installed on site.

## Levels of simulation

| Level | What is modelled | Used for | Who builds it |
|---|---|---|---|
| I/O level | Simple device behaviour: a valve opens and its limit switch follows after a delay; a motor runs and its feedback comes on | Testing sequences, interlocks and alarms | Our engineers |
| Process level | Tank levels, flows, pressures and temperatures with simple dynamics | Testing control loops, start-up and trip scenarios; operator training | Our engineers, with your process data |
| 3D / kinematic level | Conveyors, robots, transfers and machine motion from CAD data | Testing material flow, collisions, cycle times | Specialist simulation partners or the machine OEM |

Most value for typical projects comes from the first two levels; 3D models are worthwhile for complex material handling and robot cells.

## How it is done

1. I/O list and functional description frozen enough to model.
2. Simulation model built and connected to the PLC program running on an emulator or on the actual controller in our workshop.
3. Test cases written from the functional description — normal sequences, every interlock, every alarm, power failure and restart, sensor failures.
4. Tests run and logged; faults in the program corrected and retested.
5. Results form part of the FAT, so site commissioning starts with logic already proven.

## Where it helps

- New lines, where the site commissioning window is short.
- **Brownfield changes** and PLC migrations, where the new program can be tested against a model of the existing plant before cut-over — see [Brownfield Expansions](/services/brownfield-expansions).
- Operator training on a simulator before the real plant is available.
- Checking proposed logic changes on a running plant without touching it.

## Limits

A model is only as accurate as the data and assumptions behind it. Virtual commissioning finds logic and sequence errors; it does not replace loop tuning, field device checks and load tests on site. We state what the model includes and what remains to be proven on site.`,
    brands: [
      "Siemens S7-PLCSIM Advanced and SIMIT",
      "Siemens NX Mechatronics Concept Designer and Process Simulate (through partners)",
      "Rockwell Automation Studio 5000 Logix Emulate and Emulate3D",
      "Factory I/O for training models",
    ],
    faults: [
      "Long site commissioning due to logic errors found late",
      "Interlocks untested until something goes wrong",
      "Risky changes to running plant programs",
      "Operators untrained when a new line starts",
      "PLC migrations with unknown behaviour differences",
    ],
    deliverables: [
      "Simulation model description and assumptions",
      "Test case list traced to the functional description",
      "Virtual commissioning test log with corrections made",
      "Tested PLC/HMI programs",
      "Training simulator configuration where in scope",
    ],
    turnaround:
      "Planned within the project schedule; I/O-level models for a typical machine take days rather than weeks once the I/O list is frozen.",
    faqs: [
      {
        question: "Is virtual commissioning only for large projects?",
        answer:
          "No. I/O-level simulation is practical even for a single machine and catches many logic errors. 3D models are the part that suits larger or more complex systems.",
      },
      {
        question: "Do you build 3D models of our machines?",
        answer:
          "3D kinematic models are built with specialist simulation partners or the machine OEM, using CAD data. Our engineers build I/O-level and process-level models and run the virtual commissioning.",
      },
      {
        question: "What do you need from us?",
        answer:
          "An I/O list, a functional description and, for process models, basic process data such as tank sizes, flows and valve characteristics.",
      },
    ],
    servicePaths: ["/services/digital-twin-virtual-commissioning"],
  },
  {
    name: "Industrial Robotics & Cobot Integration",
    category: "Automation",
    summary:
      "Integration of industrial robots and cobots into production cells: risk assessment, safety circuits, PLC interface, programming and commissioning.",
    description: `## Applications

- Machine tending: loading and unloading CNC machines, presses and moulding machines
- Palletising and depalletising of cartons, bags and crates
- Pick-and-place and packing at the end of lines
- Screwdriving, dispensing and assembly assistance with cobots
- Inspection with a camera carried by the robot

Robot welding, painting and high-speed picking are specialised processes; for these we work with the robot OEM's application partners and integrate their cells into your line.

## Our scope

| Work | Done by us | With partners / OEM |
|---|---|---|
| Feasibility and layout | Reach, payload and cycle time checks with you | Robot OEM simulation where needed |
| Risk assessment | To ISO 12100, with ISO 10218 and ISO/TS 15066 for collaborative operation | — |
| Safety circuits | Safety PLC or relay, light curtains, area scanners, interlocked guards, emergency stops | — |
| Guarding | Layout and electrical interlocking | Fabrication by guarding suppliers |
| End-of-arm tooling | Standard grippers, vacuum tools, selection and integration | Custom tooling design with tooling partners |
| Cell control | PLC, HMI, robot-PLC interface over Profinet, EtherNet/IP or I/O | — |
| Robot programming | Paths, pallet patterns, recipes, error recovery | OEM support for advanced options |
| Commissioning and training | Cycle tests, safety validation, operator and maintenance training | — |

## Safety

A cobot is not automatically safe; the application is. A cobot carrying a sharp part or a heavy load may need speed and separation monitoring, area scanners or guarding just like an industrial robot. The risk assessment decides. Safety functions are designed and validated to the required performance level under ISO 13849-1, and the validation is documented before handover.

## Integration with the line

Robots are only as good as the parts presented to them. We look at part presentation — fixtures, conveyors, trays, vision guidance — and at how the cell communicates with upstream and downstream machines, so that the cell does not wait for parts or block the line.

## After handover

You receive robot and PLC program backups, the risk assessment and safety validation, and trained operators who can restart the cell after a fault. Breakdown support covers the cell electrics, PLC and programs; robot arm hardware repairs are handled through the robot OEM's service network.`,
    brands: [
      "ABB IRB robots and GoFa cobots",
      "FANUC M and R series robots, CRX cobots",
      "KUKA KR AGILUS and KR QUANTEC",
      "Yaskawa Motoman",
      "Universal Robots UR5e/UR10e/UR20",
      "Techman Robot",
      "SICK, Pilz and Keyence safety scanners and light curtains",
      "Schmalz vacuum and OnRobot/Robotiq grippers",
    ],
    faults: [
      "Robot cell stopping frequently on part presentation errors",
      "Safety devices bypassed because they cause nuisance stops",
      "No risk assessment or safety validation on an existing cell",
      "Cell not communicating correctly with the line PLC",
      "Operators unable to recover the cell after a fault",
      "Robot program lost after controller battery or memory failure",
    ],
    deliverables: [
      "Layout and cycle time study",
      "Risk assessment and safety validation report",
      "Electrical drawings and panel FAT",
      "Robot, PLC and HMI program backups",
      "Commissioning report",
      "Operator and maintenance training",
    ],
    turnaround:
      "Depends on the robot lead time and cell complexity; a schedule is given after the feasibility study.",
    faqs: [
      {
        question: "Do cobots need guarding?",
        answer:
          "It depends on the application, not the robot. The risk assessment considers the tool, the part, speeds and how people work near the cell. Many cobot applications need at least speed reduction with area scanners; some need guarding.",
      },
      {
        question: "Which robot make do you recommend?",
        answer:
          "One with good local service and spares support for your area and a model that fits the payload, reach and cycle. If your plant already has a make, staying with it simplifies spares and training.",
      },
      {
        question: "Do you repair robot arms?",
        answer:
          "Mechanical repairs to robot arms, gearboxes and robot controllers are handled through the robot OEM's service. We support the cell electrics, safety system, PLC and programs.",
      },
    ],
    servicePaths: ["/services/industrial-robotics-cobot-integration"],
  },
  {
    name: "Renewable Energy SCADA & Automation",
    category: "Automation",
    summary:
      "SCADA and monitoring for solar and hybrid plants: inverter and string data, weather stations, HT switchgear, meters, PR reporting and alarm handling.",
    description: `## Scope

Monitoring and control systems for captive and utility solar plants, hybrid solar-plus-storage systems and plant-level energy management. We design the architecture, supply and configure the SCADA, build the panels and network, connect the field devices and commission the system.

## What is connected

| Equipment | Typical interface |
|---|---|
| String and central inverters | Modbus TCP or RTU (SunSpec models where supported) |
| String combiner boxes with monitoring | Modbus RTU |
| Weather station: plane-of-array and global irradiance pyranometers, module and ambient temperature, wind | Analog or Modbus via data logger |
| Inverter transformers, RMUs, HT breakers and protection relays | Modbus or IEC 61850 |
| Energy meters and ABT meters | Modbus, with the meter owner's permission |
| Battery energy storage systems | Through the BESS supplier's controller interface |
| Auxiliary systems: UPS, fire alarm, CCTV status | Digital inputs or Modbus |

Pyranometers are selected by class under ISO 9060, and the monitoring system is laid out following IEC 61724-1 so that the measurements support performance ratio calculations.

## Functions

- Live single-line diagram with breaker status, power flow and alarms.
- Inverter, string and block-level performance, with underperforming strings highlighted.
- Performance ratio and energy reports by day, month and year, with irradiance correction.
- Alarm handling with acknowledgement, history and notification to the O&M team.
- Data historian with export to your asset management or reporting tools.
- Remote access through a secured connection — see [OT Cybersecurity & Network Protection](/services/ot-cybersecurity-network-protection).

## Grid interface

Larger grid-connected plants may need active and reactive power control at the point of interconnection and real-time data to the load despatch centre (often over IEC 60870-5-104), under the grid connectivity requirements that apply to them. The power plant controller is normally supplied by the inverter OEM or a specialist; we integrate it with the SCADA, configure the telemetry links and support the testing.

## Rooftop and captive plants

For factory rooftop plants a lighter system is usually enough: a data logger or gateway reading inverters, a weather sensor, the export/import meter and a dashboard — often combined with the plant's energy monitoring ([Industrial IoT](/services/industrial-iot-iiot-solutions)). New plants are covered under [Solar EPC](/services/solar-epc).`,
    brands: [
      "SMA, Sungrow, Huawei and Fronius inverter interfaces",
      "Kipp & Zonen (OTT HydroMet) and Hukseflux pyranometers",
      "Siemens WinCC, Ignition and Zenon SCADA",
      "Siemens, ABB and Schneider Electric protection relays",
      "Moxa, Hirschmann and Siemens SCALANCE network equipment",
    ],
    faults: [
      "Inverter data missing or gaps in the historian",
      "Performance ratio reported without reliable irradiance data",
      "Underperforming strings not detected",
      "Alarms not reaching the O&M team",
      "Communication losses over long fibre or RS-485 links",
      "Insecure remote access to plant SCADA",
    ],
    deliverables: [
      "SCADA architecture and network drawing",
      "Signal list and communication mapping",
      "Configured SCADA with screens, reports and alarms",
      "Panels and network with FAT",
      "Point-to-point test and commissioning records",
      "User and administrator training",
    ],
    turnaround:
      "Designed and delivered in step with plant construction; retrofits to existing plants scheduled after a site survey and signal list.",
    faqs: [
      {
        question: "Can you add SCADA to a plant that only has inverter portals?",
        answer:
          "Yes. Inverters, meters and weather sensors are connected to a local gateway or SCADA, giving one view of the plant with its own historian, independent of individual vendor portals.",
      },
      {
        question: "Do you supply the power plant controller?",
        answer:
          "Usually the PPC comes from the inverter OEM or a specialist supplier. We integrate it into the SCADA, configure the telemetry and support the grid compliance testing.",
      },
      {
        question: "How is performance ratio calculated?",
        answer:
          "As the ratio of the actual energy output to the energy the plant would produce at its rated output under the measured plane-of-array irradiance, following the approach in IEC 61724-1. Accurate irradiance measurement is essential for it to mean anything.",
      },
    ],
    servicePaths: ["/services/renewable-energy-scada-automation"],
  },
  {
    name: "Additive Manufacturing & 3D Printing",
    category: "Mechanical",
    summary:
      "3D-printed jigs, fixtures, guards and replacement parts for plants: design, FDM printing of engineering polymers, and other processes through partners.",
    description: `## What it is good for in a plant

Additive manufacturing is useful for parts that are needed quickly, in small numbers, or in shapes that are hard to machine:

- Assembly jigs, drilling and inspection fixtures, gauges for checking part orientation
- Change parts and guides for packaging lines, bottle and carton guides
- Sensor brackets, cable guides, panel accessories and covers
- Replacement parts for obsolete machines where the original is no longer available
- Prototypes for fit checks before machining a final part in metal

## Our scope and partners

| Process | Typical materials | Who prints |
|---|---|---|
| FDM / FFF | PLA for trial fits; PETG, ABS, ASA, nylon and carbon-fibre reinforced nylon for working parts | Our team |
| SLA / resin | Fine-detail parts, moulds for small castings | Partner bureau |
| SLS / MJF | Strong nylon parts, small batches, complex shapes | Partner bureau |
| Metal (laser powder bed fusion) | Stainless steel, tool steel, aluminium | Partner bureau |

We handle the engineering: understanding the job the part does, measuring the original or the mating parts, CAD modelling, choosing process and material, design for printing (orientation, wall thickness, inserts), and checking the part on the machine.

## Reverse engineering

For broken or obsolete parts we measure with calipers, gauges and, for complex shapes, 3D scanning through a partner. The model is checked against mating parts before printing, and a trial part is fitted before a batch is made.

## Where printed parts should not be used

Being clear about limits matters more than the technology:

- Pressure-containing parts, lifting equipment and safety-critical components are not replaced with printed plastic parts.
- Parts near heat sources need a material whose temperature rating is verified for the application.
- Food and pharmaceutical contact parts require materials with suitable food-contact documentation and a surface finish that can be cleaned; FDM parts are porous and usually unsuitable for direct product contact.
- Printed parts differ in strength along and across layers; loads are considered in the orientation chosen.

## Delivery

Parts are supplied with the CAD file, material and print settings recorded, so a repeat part is identical. For machined or fabricated parts we work with partner machine shops. To ask for a part, send photographs and details through [/request](/request).`,
    brands: [
      "Engineering polymers: PETG, ABS, ASA, nylon (PA12/PA6), carbon-fibre reinforced nylon",
      "SLS and MJF nylon through partner bureaus",
      "Metal powder bed fusion through partner bureaus",
      "SOLIDWORKS and Fusion 360 for CAD",
    ],
    faults: [
      "Obsolete machine parts with no supplier",
      "Long lead times for simple jigs and fixtures",
      "Change parts needed for a new pack size",
      "Broken plastic covers and guides",
      "Sensor brackets improvised with flat bar and tape",
    ],
    deliverables: [
      "CAD model and drawing of the part",
      "Printed part with material and print settings recorded",
      "Trial fit report for reverse-engineered parts",
      "Recommendation on process and material, including when not to print",
    ],
    turnaround:
      "Simple FDM parts in a few days from an agreed design; partner-bureau processes depend on their schedule.",
    faqs: [
      {
        question: "Can you print metal parts?",
        answer:
          "Metal printing is done through partner bureaus with laser powder bed fusion machines. For many plant parts, conventional machining is still cheaper and quicker; we advise which suits.",
      },
      {
        question: "Are printed parts strong enough?",
        answer:
          "For jigs, fixtures, guides, covers and brackets, engineering polymers such as nylon and carbon-fibre nylon are usually adequate. We do not print pressure-containing, lifting or safety-critical parts.",
      },
      {
        question: "What do you need to make a replacement part?",
        answer:
          "The broken part or a sample, photographs of where it fits, and information about the loads and temperature it sees. A drawing or CAD file, if you have one, speeds things up.",
      },
    ],
    servicePaths: ["/services/additive-manufacturing-3d-printing"],
  },
  {
    name: "OT Cybersecurity & Network Protection",
    category: "Automation",
    summary:
      "Securing plant control networks using IEC 62443 zones and conduits: asset inventory, segmentation, industrial firewalls, secure remote access and backups.",
    description: `## The problem in most plants

Control networks grew one machine at a time: flat networks where office PCs can reach PLCs, HMIs running remote-desktop tools installed by machine suppliers, 4G modems in panels, engineering laptops moving between sites, and no backup of PLC programs. None of this is unusual, and most of it can be fixed without replacing the control system.

## Our approach: IEC 62443

IEC 62443 is the series of standards for industrial automation and control system security. We use its practical core:

- **Zones and conduits (IEC 62443-3-2)** — group assets with similar security needs into zones (for example, a packaging line, the utility PLCs, the SCADA servers) and control every communication path between them through a defined conduit.
- **Security requirements (IEC 62443-3-3)** — its foundational requirements: identification and authentication, use control, system integrity, data confidentiality, restricted data flow, timely response to events and resource availability, with a target security level agreed for each zone.

## Work stages

1. **Asset inventory** — PLCs, HMIs, drives on networks, switches, engineering stations, servers, remote access devices; compiled from site walk-downs, configuration files and passive traffic capture. We avoid active scanning on live control networks because some older controllers cannot handle unexpected traffic.
2. **Architecture review and risk assessment** — current network drawn as it really is, mapped to levels (field, control, supervisory, site operations, enterprise), with risks and gaps listed.
3. **Zone and conduit design** — segmentation with VLANs and industrial firewalls, an IT/OT demilitarised zone (DMZ) for data exchange with the office network, and only required protocols allowed between zones.
4. **Remote access** — removal of unmanaged remote tools and modems; a single secured remote access path with individual accounts, multi-factor authentication, vendor access granted only when requested, and session logging.
5. **Hardening and recovery** — engineering station hardening, USB control, password changes from defaults, and scheduled backups of PLC, HMI and drive configurations with a tested restore procedure.
6. **Procedures and training** — change management for control systems, incident response contacts and plant staff awareness.

## Scope and partners

| Task | Who |
|---|---|
| Inventory, architecture, segmentation, firewalls, remote access, backups | Our engineers |
| Continuous OT network monitoring and threat detection platforms | Partners (Claroty, Nozomi Networks, Dragos, Tenable OT) |
| Vulnerability assessment and penetration testing (VAPT) | CERT-In empanelled auditors |
| Security operations centre (24/7 monitoring) | Managed security partners |

Indian organisations must report specified cyber incidents to CERT-In within six hours of noticing them, under its directions of April 2022; incident response plans should include that step. For network changes during expansions see [Brownfield Expansions](/services/brownfield-expansions).`,
    brands: [
      "Fortinet FortiGate Rugged firewalls",
      "Cisco Industrial Security Appliances and IE switches",
      "Siemens SCALANCE S and SCALANCE X",
      "Hirschmann (Belden) EAGLE firewalls",
      "Moxa EDR secure routers",
      "Claroty, Nozomi Networks and Dragos through partners",
    ],
    faults: [
      "Flat network with office and control devices mixed",
      "Remote-desktop tools and 4G modems installed by machine suppliers",
      "No inventory of PLCs, HMIs and network devices",
      "Default passwords on HMIs, switches and PLCs",
      "No backups of PLC programs and drive parameters",
      "Malware on an HMI or engineering station",
      "Network storms stopping PLC communication",
    ],
    deliverables: [
      "Asset inventory",
      "Current and target network architecture drawings",
      "Risk assessment and zone/conduit model with target security levels",
      "Implementation of segmentation, firewalls and remote access",
      "Backup and restore procedure with first complete backup set",
      "Summary report for management",
    ],
    turnaround:
      "Assessment of a typical plant in 1-3 weeks including report; implementation phased over planned shutdowns.",
    faqs: [
      {
        question: "Will securing the network disrupt production?",
        answer:
          "Assessment is passive and does not touch control traffic. Segmentation is introduced step by step, with firewall rules first run in monitoring mode where the device allows it, and changes made in planned windows.",
      },
      {
        question: "Do you do penetration testing?",
        answer:
          "VAPT is carried out by CERT-In empanelled auditors who work with us. We prepare the scope and safeguards so testing does not endanger running equipment, and implement the corrective actions.",
      },
      {
        question: "Our machine suppliers need remote access. Is that still possible?",
        answer:
          "Yes, through one controlled path: individual accounts, multi-factor authentication, access granted for a defined period on request, and session records. Suppliers usually find it simpler than managing their own modems.",
      },
    ],
    servicePaths: ["/services/ot-cybersecurity-network-protection"],
  },
  {
    name: "MES & ERP Integration Services",
    category: "Automation",
    summary:
      "Connecting shop-floor PLCs and machines to MES and ERP using ISA-95 models and OPC UA: order download, production confirmation, genealogy and quality data.",
    description: `## The gap we fill

ERP systems know what should be made; PLCs know what was made. Between them, many plants still use paper, spreadsheets and manual entry. We build the shop-floor side of the connection: reliable data from machines, structured so that an MES or ERP can use it.

## ISA-95 as the framework

ISA-95 (IEC 62264) defines the levels of a manufacturing enterprise and the information exchanged between them:

| Level | Systems | Information |
|---|---|---|
| 4 — business planning and logistics | ERP (SAP, Oracle, Microsoft Dynamics, Tally) | Orders, materials, schedules, costs |
| 3 — manufacturing operations | MES, batch management, LIMS | Dispatching, genealogy, performance, quality |
| 2 — supervisory control | SCADA, HMI | Process monitoring and control |
| 1 and 0 — control and field | PLCs, drives, instruments | Sensing and actuation |

Using its models for production schedules, production performance, material and equipment means both sides of an interface describe the same things the same way.

## Our scope

- **Data layer at levels 1-2** — PLC tags standardised per machine type (state, counts, rejects, recipe, batch), OPC UA servers built into controllers or provided through Kepware or similar, and equipment models that match the ISA-95 equipment hierarchy.
- **Interfaces** — order and recipe download to machines, production confirmation (good quantity, scrap, consumption, times) back up, batch genealogy and material consumption, using OPC UA, REST APIs, database staging tables, SAP Plant Connectivity (PCo) or file exchange — whatever the receiving system supports.
- **Shop-floor devices** — weighing scales, barcode and 2D code scanners, label printers and checkweighers integrated with the line and the interface.
- **Testing** — interface test cases run with the MES/ERP team, including failures (network down, order rejected, duplicate confirmation).

## What partners do

MES platforms (such as Siemens Opcenter, AVEVA MES or Rockwell's MES products) and ERP configuration are implemented by your ERP or MES partner or your IT team. We work with them as the shop-floor integration party and agree the interface specification together.

## Regulated industries

In pharmaceutical plants, interfaces carrying GMP data must support data integrity — audit trails, time synchronisation, secure accounts — under 21 CFR Part 11 and EU GMP Annex 11 expectations. We design the shop-floor layer accordingly and provide the documentation your validation team needs; computer system validation is led by your QA and the system owner.

Related: [Industrial IoT (IIoT) Solutions](/services/industrial-iot-iiot-solutions) for dashboards and OEE without a full MES.`,
    brands: [
      "OPC UA on Siemens S7-1500, Allen-Bradley (via FactoryTalk Linx/Kepware), Beckhoff and B&R",
      "Kepware KEPServerEX",
      "SAP Plant Connectivity (PCo) and SAP Digital Manufacturing interfaces",
      "Siemens Opcenter, AVEVA MES and Rockwell MES interfaces",
      "Microsoft Dynamics 365, Oracle and Tally integrations via APIs",
    ],
    faults: [
      "Production confirmations keyed manually into ERP at shift end",
      "Order and recipe data typed into machines by hand",
      "No batch genealogy linking materials to finished goods",
      "Counts in ERP not matching machine counters",
      "Each machine exposing data in a different format",
      "Interfaces failing silently when the network drops",
    ],
    deliverables: [
      "Interface specification agreed with the MES/ERP team",
      "Standardised PLC tag structure and OPC UA information model",
      "Configured interfaces and middleware",
      "Interface test cases and test report",
      "Documentation for support and validation",
    ],
    turnaround:
      "A pilot interface on one line typically within a few weeks of a signed-off specification; roll-out planned line by line.",
    faqs: [
      {
        question: "Do we need an MES to connect machines to ERP?",
        answer:
          "Not always. For simple order download and production confirmation, a direct interface through a middleware layer can work. An MES becomes worthwhile when you need dispatching, genealogy, quality workflows and performance analysis.",
      },
      {
        question: "Our machines are from different makers. Is that a problem?",
        answer:
          "It is the usual situation. We map each machine to a standard data structure in the integration layer, so the MES or ERP sees every machine the same way.",
      },
      {
        question: "Do you configure SAP?",
        answer:
          "No. SAP and other ERP configuration is done by your ERP partner or IT team. We agree the interface with them and build and test the shop-floor side.",
      },
    ],
    servicePaths: ["/services/mes-erp-integration-services"],
  },
  {
    name: "AI Quality Inspection Systems",
    category: "Automation",
    summary:
      "Camera-based inspection using rule-based and deep-learning vision: feasibility on your samples, line integration, reject handling and honest validation.",
    description: `## Choosing the right kind of vision

Not every inspection needs AI. We start with the simplest method that will work reliably:

| Inspection | Usual method |
|---|---|
| Presence/absence, position, count | Rule-based vision |
| Dimensions and gaps | Rule-based measurement with calibrated optics |
| Printed text, batch and expiry codes | OCR/OCV |
| Barcodes and 2D codes, including grading | Code readers |
| Surface defects that vary in appearance: scratches, stains, dents, contamination on textured surfaces | Deep-learning classification or anomaly detection |
| Assembly variants and complex acceptance criteria | Deep learning, often combined with rules |

## Feasibility first

Every project starts with a feasibility study on your parts: good samples and as many real defect samples as you can provide. We set up cameras, lenses and lighting to make the defect visible — lighting design decides most of the outcome — and test whether the defects can be separated from acceptable variation. You get a feasibility report with images, before committing to a system.

## System build

- Cameras (area-scan or line-scan), lenses and lighting (backlight, dome, ring, bar, coaxial) chosen for the part and line speed.
- Triggering by sensor or encoder; mounting and shrouding against ambient light.
- Deep-learning models trained on labelled images from your line, using the vision vendor's tools.
- Reject mechanism — air jet, pusher or diverter — with reject confirmation so a missed rejection stops the line.
- PLC and HMI integration, recipe change per product, and storage of reject images for review.

## Validation — honestly

Accuracy claims mean nothing without the test set behind them. Models are validated on images not used in training, and on a line trial, reporting both false rejects (good parts rejected) and escapes (defective parts passed). Acceptance criteria are agreed with your quality team before the trial. Where the system cannot reach the required escape rate, we say so.

## Keeping it working

Lighting ages, lenses get dirty, products and suppliers change. We provide a verification routine with master good and bad samples for each shift, and a procedure for adding new images and retraining when the product changes.

## Scope and partners

We do optics and lighting set-up, vendor-tool deep learning, mechanical mounting, electrical and PLC integration and commissioning. Custom AI model development and serialisation (track and trace) systems are delivered with specialist partners. Related: [Industrial Robotics & Cobot Integration](/services/industrial-robotics-cobot-integration).`,
    brands: [
      "Cognex In-Sight and VisionPro Deep Learning",
      "Keyence CV-X and IV3",
      "Basler and Hikrobot industrial cameras",
      "Teledyne DALSA",
      "MVTec HALCON",
      "Cognex and Keyence code readers",
    ],
    faults: [
      "Customer complaints about defects that manual inspection misses",
      "Manual inspection inconsistent between shifts",
      "Existing vision system with too many false rejects",
      "Wrong labels or unreadable batch codes reaching customers",
      "Rejects not confirmed, defective parts passing downstream",
      "Vision system no longer working after a product change",
    ],
    deliverables: [
      "Feasibility report with images on your samples",
      "System design: cameras, optics, lighting, reject handling",
      "Trained and configured inspection programs",
      "Validation report with false-reject and escape results on a test set",
      "PLC/HMI integration and commissioning records",
      "Verification routine and retraining procedure",
    ],
    turnaround:
      "Feasibility in 1-2 weeks after receiving samples; system delivery depends on the scope agreed after feasibility.",
    faqs: [
      {
        question: "What accuracy will the system achieve?",
        answer:
          "We cannot state that before testing on your parts. The feasibility study and the validation on a separate test set give measured false-reject and escape rates, and acceptance criteria are agreed with your quality team.",
      },
      {
        question: "How many defect samples do you need?",
        answer:
          "As many real examples of each defect type as you can collect, plus a good range of acceptable parts showing normal variation. Anomaly-detection methods can start with fewer defect samples, but validation still needs real defects.",
      },
      {
        question: "Can you improve our existing vision system?",
        answer:
          "Often yes. False rejects frequently come from lighting, mounting or triggering problems rather than the software. We review the set-up before suggesting new hardware.",
      },
    ],
    servicePaths: ["/services/ai-quality-inspection-systems"],
  },
  {
    name: "Smart Warehouse & Logistics Automation",
    category: "Automation",
    summary:
      "Controls and integration for conveyors, sortation, scanning, palletising and AMRs, linked to your WMS, with mechanical systems from partner OEMs.",
    description: `## What we automate

- Conveyor systems for cartons, totes and pallets, including zone-controlled motor-driven roller (MDR) conveyors
- Sortation and diverters to dispatch lanes
- Scanning, weighing and dimensioning stations for inbound and outbound cartons
- Pick-to-light and put-to-light systems
- End-of-line palletisers, stretch wrappers and labelling
- Dock equipment interlocks: dock levellers, doors and vehicle restraints
- Integration of autonomous mobile robots (AMRs), AGVs and automated storage and retrieval systems (AS/RS)

## Our scope and partners

| Work | Our role | Partner role |
|---|---|---|
| Conveyor mechanics and structures | Specification, layout coordination, inspection | Conveyor manufacturer |
| Conveyor controls | Panels, PLCs, MDR zone logic, sensors, HMIs | — |
| Sortation and scanning | Scanner, scale and dimensioner integration; sort logic | Equipment OEMs |
| AS/RS, AMR and AGV fleets | Interface to conveyors and doors, safety interlocks, network | OEM supplies vehicles, fleet manager and racking |
| Warehouse control (WCS) | PLC-level or small-server WCS for routing | — |
| WMS | Interface design and testing | WMS vendor or your IT team |

## WMS integration

The warehouse management system decides where each carton should go; the controls make it happen. We define the message exchange with the WMS — carton identity, destination, confirmation of arrival, exceptions such as no-read or overweight — and build the routing logic and exception handling (reject lanes, manual induction) so the conveyor keeps moving when data is missing.

## Safety

- Emergency stops and pull-cords along conveyors with zoned stopping.
- Guarding and light curtains with muting at palletisers and pallet conveyors.
- Safety zones and speed limits for AMRs and AGVs in shared areas, following ISO 3691-4 for driverless industrial trucks, with traffic rules agreed between people and vehicles.
- Risk assessment and documented safety validation before handover.

## Operation and support

Operator HMIs show jams, faults and throughput by zone; diagnostic screens help maintenance staff find the failed sensor or motor quickly. Data on throughput, no-reads and stoppages can feed dashboards ([Industrial IoT](/services/industrial-iot-iiot-solutions)) and the WMS. Breakdown support covers the controls and drives; mechanical parts of partner equipment are supported by their manufacturers.`,
    brands: [
      "Interroll MDR and conveyor components",
      "Siemens, Allen-Bradley and Schneider Electric PLCs",
      "SICK, Cognex and Datalogic barcode scanners",
      "SICK safety laser scanners and light curtains",
      "SEW-Eurodrive and Nord conveyor drives",
    ],
    faults: [
      "Conveyor jams and accumulation problems at merges",
      "High no-read rates at scanning tunnels",
      "Cartons sent to the wrong dispatch lane",
      "Conveyor stops when the WMS link is down",
      "Unsafe interaction between people and AMRs or forklifts",
      "Palletiser stopping on light curtain faults",
    ],
    deliverables: [
      "Control philosophy and WMS interface specification",
      "Panels, PLC and HMI programs with FAT",
      "Safety risk assessment and validation record",
      "Commissioning and throughput test records",
      "As-built drawings and unlocked source code",
      "Operator and maintenance training",
    ],
    turnaround:
      "Planned with the warehouse project schedule; control retrofits on existing conveyors are phased to keep the warehouse operating.",
    faqs: [
      {
        question: "Do you supply the conveyors?",
        answer:
          "Conveyor mechanics come from conveyor manufacturers we work with, or one you choose. We specify and coordinate them, and supply the controls, panels and integration.",
      },
      {
        question: "Can you integrate with our existing WMS?",
        answer:
          "Yes, if the WMS can exchange messages through an API, database tables or files. We define the interface with your WMS vendor or IT team and test it, including failure cases.",
      },
      {
        question: "Can you retrofit controls on an old conveyor system?",
        answer:
          "Yes. Obsolete controls are replaced zone by zone, often with MDR zone control on suitable sections, while keeping the mechanical conveyor where it is in good condition.",
      },
    ],
    servicePaths: ["/services/smart-warehouse-logistics-automation"],
  },
];
