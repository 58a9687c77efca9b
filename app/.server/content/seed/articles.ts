/**
 * Blog and knowledge-base articles for the public website (/blog/{slug}). Five fixed articles with full
 * technical depth and five that the site search index links to. Written for plant maintenance engineers;
 * fault codes, standards and limits are those in the manufacturers' manuals and the named standards.
 */
import type { ArticleSeed } from "./types.ts";

const AUTHOR = "Deccan Automation Services engineering team";

const vfdCommonFaults = `Every variable frequency drive, whatever the badge on the front, protects itself by watching a few physical quantities: output current, DC bus voltage, heatsink and power-module temperature, current leaking to earth, and thermal models of the motor and the drive. When one goes outside its limit, the drive switches off its IGBTs and shows a code. The codes differ from make to make; the physics behind them, and the order in which a careful technician works through them, do not.

Below, the common codes for five makes found in Indian plants are set side by side, with the usual causes of each family of trip and the diagnostic sequence we follow. Longer per-code tables are on the [Technical Data](/technical-data) page.

## Safety before anything else

A drive that has tripped is not a drive that is safe to touch.

- **Isolate and lock out.** Open the upstream breaker or switch-disconnector, apply your lock and tag under the plant's LOTO procedure, and prove dead at the drive's input terminals. Removing the run command or pressing the emergency stop is not isolation.
- **Wait for the DC bus to discharge.** The DC link capacitors stay charged after the supply is removed. On a 415 V, 50 Hz supply the bus sits at roughly 560-600 V DC in normal running and rises further during braking. Wait at least the time printed on the drive's warning label (it differs between models and frame sizes, and is longer on large frames), then measure between DC+ and DC- with a meter rated for the voltage (CAT III 1000 V) before touching anything. If the meter shows more than a few volts, wait and measure again.
- **Look for other sources.** A permanent-magnet motor turned by its load generates voltage at the drive terminals; common DC bus line-ups and external 24 V supplies keep parts live.
- **Qualified people only.** Work inside drives should be done by people authorised under the plant's electrical safety rules and the CEA (Measures relating to Safety and Electric Supply) Regulations, wearing PPE suited to the prospective fault level.

## The codes, make by make

The table lists the codes a maintenance engineer is most likely to meet for each family of fault. Each column heading names the series the codes belong to. Codes change between generations of the same make, so confirm against the manual for the exact model and firmware in your panel.

| Fault family | ABB ACS880 / ACS580 | Siemens MICROMASTER 440 | Siemens SINAMICS G120 (CU2x0-2 control units) | Delta C2000 / MS300 | Yaskawa A1000 / GA700 | Mitsubishi FR-A800 / FR-E800 |
|---|---|---|---|---|---|---|
| Overcurrent | 2310 Overcurrent; 2340 Short circuit | F0001 Overcurrent | F30001 Power unit: overcurrent; F07801 Motor overcurrent | ocA (acceleration), ocd (deceleration), ocn (constant speed), ocS (at stop) | oC Overcurrent; SC Short circuit / IGBT fault | E.OC1 (acceleration), E.OC2 (constant speed), E.OC3 (deceleration or stop) |
| DC bus overvoltage | 3210 DC link overvoltage | F0002 Overvoltage | F30002 DC link voltage overvoltage | ovA, ovd, ovn, ovS | ov Overvoltage | E.OV1, E.OV2, E.OV3 (same phases as E.OC) |
| DC bus undervoltage | 3220 DC link undervoltage | F0003 Undervoltage | F30003 DC link voltage undervoltage | LvA, Lvd, Lvn, LvS | Uv1 DC bus undervoltage | E.UVT Undervoltage |
| Drive overtemperature | 4210 IGBT overtemperature; 4310 Excess temperature | F0004 Inverter overtemperature | F30004 Heat sink overtemperature | oH1 IGBT overheat | oH / oH1 Heatsink overheat | E.FIN Heatsink overheat |
| Earth (ground) fault | 2330 Earth leakage | F0021 Earth fault | F30021 Ground fault | GFF Ground fault | GF Ground fault | E.GF Output side earth fault overcurrent |
| Motor and drive overload | 7122 Motor overload | F0011 Motor overtemperature I²t; F0005 Inverter I²t | F07011 Motor overtemperature; F30005 Power unit overload I²t | EoL1 Motor overload (electronic thermal relay); oL Drive overload | oL1 Motor overload; oL2 Drive overload | E.THM Motor overload; E.THT Inverter overload |

Notes on reading the table:

- **ABB** ACS880 and ACS580 show four-digit hexadecimal fault codes; warnings start with the letter A. The auxiliary code shown with a fault narrows down the cause, so write it down with the main code.
- **Siemens** uses two numbering schemes. MICROMASTER 4 drives use four-digit codes such as F0001. Current SINAMICS G120 control units (CU240E-2, CU250S-2 and similar) use five-digit codes such as F30001, and the fault value stored with the code adds detail. On MICROMASTER 440, F0022 "power stack fault" is worth knowing: it can be raised by a short-circuited IGBT or brake chopper, an earth fault or a badly seated I/O board, so treat it as a possible hardware fault rather than a load problem.
- **Delta** adds a suffix that tells you when the trip happened: A for acceleration, d for deceleration, n for normal (constant) speed and S for stop. An ovd therefore points to braking energy and an ocA to starting or acceleration, while an ocS (overcurrent at stop) points to the drive's own current-detection hardware.
- **Yaskawa** raises oH when the heatsink reaches the detection level set in L8-02 (whether it stops the drive or only warns depends on L8-03), while oH1 is the drive's own overheat trip.
- **Mitsubishi** numbers E.OC and E.OV by the phase of operation: 1 during acceleration, 2 at constant speed, 3 during deceleration or at stop. On FR-A800, a short supply interruption may be reported as E.IPF (instantaneous power failure) rather than E.UVT, depending on parameter settings.

## What each fault usually means

### Overcurrent

The output current crossed the drive's instantaneous limit, which sits well above its overload rating. The usual causes are:

- an acceleration ramp too short for the inertia of the load, or a start into a fan that is already windmilling without the flying-start function enabled;
- a short circuit or partial breakdown in the motor cable or winding, often moisture in terminal boxes after the monsoon;
- a mechanical jam, a seized bearing or a holding brake that has not released;
- a contactor between drive and motor opening or closing while the drive is running;
- wrong motor data, a failed auto-tune, or excessive torque boost in V/f mode;
- a failed IGBT, gate driver or current sensor inside the drive. Suspect this when the trip comes immediately on the run command with the motor disconnected.

### Overvoltage

The DC bus rose above the trip level. In most cases the energy comes from the load: the motor is being driven faster than the drive is asking for it to turn, so it acts as a generator. Short deceleration ramps on fans, centrifuges, flywheel presses, unwinders and vertical loads are the common culprits. Check the brake chopper and resistor (an open resistor or a failed chopper transistor leaves the drive with no way to dump energy) and whether the drive's overvoltage controller has been disabled. On the supply side, high voltage on lightly loaded feeders at night and switching transients from capacitor banks in APFC panels can also push the bus over the limit.

### Undervoltage

The DC bus fell below the minimum. Look for supply dips, a lost phase, a loose input terminal, one blown input fuse, a failing pre-charge (soft-charge) circuit, or a DG set changeover that takes longer than the drive's ride-through. If the trip appears at stop on a healthy supply, suspect the input rectifier, the charging circuit or ageing DC bus capacitors.

### Overtemperature

The heatsink or power module is too hot. Failed cooling fans, heatsinks packed with cement dust or textile lint, choked panel filters, panel air-conditioners that have stopped, and switching frequencies raised above the default without derating are the usual causes. In Telangana summers, panel rooms without ventilation can exceed the ambient limit in the drive's datasheet. A trip on a cold drive points to a failed temperature sensor or its wiring.

### Earth (ground) fault

The drive has seen current returning through earth rather than through the other phases, which means insulation failure in the motor or cable, moisture, or a cable damaged in its tray. Long motor cables have a high capacitance to earth and can cause nuisance earth-fault trips, especially at high switching frequencies. A failed IGBT can also show up as an earth fault.

### Motor and drive overload

These trips come from thermal models, not from an instantaneous limit. The drive integrates current over time (I²t) and compares it with the motor's rated current as entered in the parameters and with its own rating. Check the motor nameplate data in the drive first; a wrong rated current is a common cause. Long running at low speed on a self-cooled motor, a genuine mechanical overload, an undersized drive, or a drive set to its normal-duty rating on a heavy-duty load are the other causes.

## A step-by-step diagnostic approach

1. **Record before you reset.** Note the fault code, auxiliary code or fault value, time, recent fault log entries and, if stored, the frequency, current and DC bus voltage at the trip. Photograph the display.
2. **Ask what the machine was doing.** Starting, stopping, running steadily, changing product? Has anything changed recently: a parameter, a motor, a cable route, a new APFC panel, a new DG set?
3. **Look, listen and smell.** Burnt smell, blown fuses, discoloured terminals, a fan that is not turning, water in the panel.
4. **Isolate, lock out, wait and verify** as described above.
5. **Test the motor and cable.** Disconnect the motor leads at the drive's output terminals and insulation-test motor and cable together at 500 V DC for a 415 V motor, then separately if the reading is low. Never apply an insulation tester to the drive's terminals.
6. **Static-test the power section.** With the drive isolated and discharged, use the meter's diode range from DC+ and DC- to each input and output terminal. Each pair should show a forward drop one way and open circuit the other, and the three phases should match. A short, or a reading that differs from its neighbours, points to a failed rectifier diode or IGBT.
7. **Check the supply and braking circuit.** Confirm that the three phase voltages are present and balanced, input fuses are intact and terminals are tight. For overvoltage trips, measure the brake resistor against its rating plate.
8. **Power up with the motor disconnected** where the manual allows it (some drives need output phase-loss monitoring disabled for this test, and it must be re-enabled afterwards). Run at low frequency and check that the output is balanced, using a true-RMS meter with a low-pass filter setting suited to PWM waveforms.
9. **Reconnect and run the motor**, uncoupled if possible, then under load, while watching current, DC bus voltage and heatsink temperature on the drive's monitor.
10. **Correct the root cause and record it.** A drive reset without a found cause will trip again.

## Repair or replace?

Repair usually makes sense when the drive is still supported, parts are available, the damage is limited (a fan, capacitors, a gate driver, one IGBT module, a control board) and the drive still suits the application. Consider replacement when the series is discontinued and spares are scarce, when the power section has failed again after proper repair, when several boards are corroded or carbonised, or when the application now needs regeneration, lower harmonics, safe torque off or a modern fieldbus. See [signs a drive needs replacing](/blog/drive-replacement-signs) for a decision table.

If a drive is down and you need help, [request a service visit](/request) or see our [VFD repair service](/services/vfd-repair). Our engineers are on call round the clock, and workshop repairs carry a six-month warranty.
`;

const plcTroubleshooting = `A PLC fault on a running plant is rarely a fault in the PLC itself. Far more often the controller is reporting, correctly, that something around it has gone wrong: a sagging 24 V supply, a broken sensor cable, a remote I/O station that has dropped off the network, or a program change that nobody recorded. A systematic approach finds those causes quickly and avoids the two most expensive mistakes in PLC troubleshooting: downloading an old program over a working one, and leaving a force in place after the breakdown is over.

The sequence below is the one our engineers follow on Siemens S7-1200/S7-1500 and Allen-Bradley CompactLogix systems, and it applies with small changes to other makes.

## Safety first

- A PLC controls moving machinery. Before forcing an output, toggling a bit or changing the CPU's mode, agree with the operator and the area owner what will move, and keep people clear.
- Work inside control panels under the plant's permit and LOTO procedure. The 24 V DC side may be safe to touch, but the same panel usually contains 230 V control circuits and 415 V power wiring.
- Do not bypass safety functions. Safety PLCs (S7-1500F, GuardLogix), safety relays and interlocks must not be overridden to "get the line running". If a safety function is the cause of the stop, the fault is in the safety circuit and must be fixed there.

## Step 1: power supply

Measure the 24 V DC supply at the CPU and at the I/O module terminals, not at the power supply output, and measure it with the machine running. An S7-1200 DC CPU, for example, is specified for 20.4 to 28.8 V DC. Look for:

- voltage that dips when solenoid valves or contactor coils switch, because the same supply feeds the field devices;
- a loose 0 V link or a common that has been broken in a terminal block;
- an ageing switch-mode supply whose output ripple has risen; if you have an oscilloscope, compare it with a healthy unit;
- a missing earth connection on the DIN rail or the supply's PE terminal, which makes analogue signals and networks noisy.

Intermittent CPU restarts with nothing in the program to explain them are usually power-supply problems.

## Step 2: read the CPU status LEDs

| Controller | LED state | Usual meaning |
|---|---|---|
| S7-1200 | RUN/STOP green | CPU in RUN |
| S7-1200 | RUN/STOP yellow | CPU in STOP |
| S7-1200 | RUN/STOP alternating green and yellow | CPU starting up |
| S7-1200 | ERROR red flashing | Error, for example an internal error, a memory card problem or a configuration mismatch |
| S7-1200 | ERROR red steady | Defective hardware |
| S7-1200 | MAINT yellow | Maintenance requested, for example forced I/O; it also flashes when a memory card is inserted |
| S7-1500 | RUN/STOP, ERROR, MAINT | As above; the front display shows the diagnostic buffer and module status without a laptop |
| CompactLogix 5370/5380 | OK green | Controller healthy |
| CompactLogix 5370/5380 | OK red flashing | Recoverable major fault (or firmware update required) |
| CompactLogix 5370/5380 | OK red steady | Non-recoverable major fault or hardware fault (briefly red during power-up is normal) |
| CompactLogix 5370/5380 | FORCE amber steady | I/O forces are installed and enabled |
| CompactLogix 5370/5380 | FORCE amber flashing | Forces are present but not enabled |
| CompactLogix 5380 | Four-character status display | Scrolls the controller's status and fault messages |

Then read the detail. In TIA Portal, go online and open the CPU's diagnostic buffer: each entry is time-stamped and names the block, module or station involved. In Studio 5000, open Controller Properties and look at the Major Faults and Minor Faults tabs, which give a fault type and code; a Type 4 (program) fault, for instance Code 20, an array subscript out of range, points to a specific routine and rung. Note the entries before clearing anything.

## Step 3: inputs and outputs

Work from the field device towards the CPU:

1. Is the sensor or switch actually operating? Check its own LED and measure at its connector.
2. Is the signal arriving at the module terminal? Check the input LED and measure between the terminal and the module's common.
3. Does the tag or address in the program follow the input? If the module LED is on but the tag is off, suspect the module, its configuration, or a remote I/O station that is not communicating.
4. For outputs, check the module LED, then the voltage at the terminal, then the load: a shorted solenoid coil can trip an output's electronic protection or blow a fuse.
5. For analogue signals, measure the loop current (4-20 mA) in series and compare it with the scaled value in the program. A reading stuck at the bottom of the range often means an open loop; most modules flag wire break if it has been enabled in the hardware configuration.

### A word on forcing

Forcing is a legitimate diagnostic tool and a common cause of the next breakdown. Force jobs are held in the CPU, not in the engineering laptop, so closing TIA Portal or Studio 5000 does not remove them. Before forcing, tell the operator, record what you forced and why, and remove the force before you leave. Check the MAINT LED on Siemens CPUs and the FORCE LED on Logix controllers at the end of every job. Never force an output that could start a drive or move an axis without confirming that the area is clear.

## Step 4: communication faults

### PROFINET

- Each device is addressed by its **device name**, not only by its IP address. A replacement drive, ET 200 head or HMI arrives with no name, so the controller cannot find it until the name is assigned, unless the project uses topology-based automatic naming.
- Use the station's BF (bus fault) or ERROR LED and the port link LEDs to localise the break. Siemens PRONETA, a free tool, scans a network and lists devices, names and addresses.
- Check connectors and cables in drag chains and near VFD output cables; PROFINET cable should be routed away from motor cables.

### EtherNet/IP

- Look at the module's MS (module status) and NS (network status) LEDs and at the connection status in the I/O tree. Errors such as 16#0203 (connection timed out) and 16#0204 (connection request timed out) mean the device stopped answering or never answered.
- Duplicate IP addresses, a changed subnet mask, or an unmanaged switch flooded with multicast traffic cause intermittent timeouts. Managed switches with IGMP snooping prevent the last of these.
- Check that the requested packet interval (RPI) is realistic for the device and the network.

### Modbus RTU

- Baud rate, parity, stop bits and slave address must match on every device.
- RS-485 needs a 120 ohm terminator at each end of the trunk and nowhere else, and line biasing at one point only. Manufacturers do not agree on which wire they call A and which B, so a reversed pair is a common fault on new connections.
- Exception responses tell you a lot: 01 illegal function, 02 illegal data address, 03 illegal data value, 04 slave device failure. An illegal data address usually means the register offset is wrong by one.

## Step 5: memory, batteries and retentive data

S7-1200 and S7-1500 CPUs keep their program on the memory card or in internal load memory and store retentive data without a battery. Older controllers are different: SLC 500, S7-400 power supplies, Mitsubishi FX3U and many others rely on a battery to hold retentive data, and in some cases the program itself. When the battery LED comes on, change the battery following the manual's procedure (for many controllers, with power on) before the next power failure does the damage for you.

Two memory-card cautions for Siemens users: an S7-1500 will not run without its SIMATIC Memory Card, and inserting a card into an S7-1200 puts the CPU in STOP and may load whatever program the card carries. Never insert an unknown card into a running machine.

## Step 6: compare with the last known-good backup

If the machine behaves differently from how it used to, compare the program in the CPU with the archived project using the engineering tool's compare function before changing anything. Undocumented online edits are a frequent finding. Keep, for every controller:

- the complete offline project (a TIA Portal archive or the Studio 5000 project file), not just an upload, because uploads from older controllers can lose symbols and comments;
- the date, firmware version and the name of the person who made each change;
- a copy stored away from the machine and away from the engineering laptop.

## Troubleshooting checklist

| Step | What to check | Where | Typical finding |
|---|---|---|---|
| 1 | 24 V DC at CPU and I/O terminals, under load | Meter; oscilloscope for dips | Dips when solenoids switch; loose 0 V link |
| 2 | CPU mode and status LEDs | Front of the CPU | STOP with ERROR flashing; OK flashing red |
| 3 | Diagnostic buffer or fault tabs | TIA Portal online; Studio 5000 Controller Properties | Time-stamped entry naming block, module or station |
| 4 | Module and station LEDs | I/O modules, remote I/O heads | Module missing, channel fault, wire break |
| 5 | The failing signal, from field to CPU | Device LED, terminal voltage, tag | Failed sensor, missing common, cut cable |
| 6 | Forces and overrides | MAINT / FORCE LED, force tables | A force left from the last breakdown |
| 7 | Network links, names and addresses | Port LEDs, PRONETA, Linx software | Device name missing after replacement; duplicate IP |
| 8 | Serial bus settings and termination | Meter, protocol analyser | Parity mismatch; missing terminator |
| 9 | Battery and retentive data | BAT LED, diagnostic buffer | Low battery; retentive counters reset |
| 10 | Program against last known-good backup | Compare function | Undocumented online edit |

If you need an engineer on site, [request a visit](/request) or read about our [PLC repair and programming service](/services/plc-repair). For routine care, see the [PLC preventive maintenance checklist](/blog/plc-checklist).
`;

const motorMaintenance = `Three-phase induction motors are the most forgiving machines in a plant, which is exactly why they are neglected until they fail. Most motor failures are bearing failures or winding insulation failures, and both give warning long before the motor stops, if someone is measuring. This guide covers the measurements that matter, the limits published in the relevant standards, and a practical schedule. IS 900 (the Indian code of practice for installation and maintenance of induction motors) and the motor manufacturer's manual remain the primary references for your machines.

## Safety

Insulation resistance testing applies a high DC voltage and leaves the winding charged afterwards. Isolate the motor under LOTO, prove dead, disconnect the supply cable or the drive at the terminals, test, and then discharge the winding to earth for at least as long as the test voltage was applied (longer for large HT machines). Vibration and thermography readings are taken on running machines: stay clear of couplings and use guards. Only authorised persons should open terminal boxes.

## Insulation resistance and polarisation index

### How to test

The reference is IEEE 43, the recommended practice for testing insulation resistance of rotating machinery. Apply a DC test voltage between the winding (all three phases connected together, or each phase in turn with the others earthed) and the frame, and read the insulation resistance after one minute (IR1). For the polarisation index (PI), continue to ten minutes and divide: PI = IR10 / IR1.

| Winding rated voltage (V) | Insulation resistance test voltage (V DC) |
|---|---|
| Below 1000 | 500 |
| 1000 to 2500 | 500 to 1000 |
| 2501 to 5000 | 1000 to 2500 |
| 5001 to 12000 | 2500 to 5000 |
| Above 12000 | 5000 to 10000 |

So a 415 V motor is tested at 500 V DC, a 3.3 kV motor at 1000 to 2500 V DC, and a 6.6 kV motor at 2500 to 5000 V DC.

### Minimum values

Insulation resistance falls as temperature rises, so IEEE 43 corrects readings to a common base of 40 °C. Record the winding temperature with every reading; a rough rule is that resistance halves for every 10 °C rise, but use the correction method in the standard when comparing results over time. The recommended minimum one-minute values, corrected to 40 °C, are:

| Minimum IR1 at 40 °C | Applies to |
|---|---|
| kV + 1 MΩ (kV = rated line-to-line voltage in kV) | Most windings made before about 1970, all field windings, and others not listed below |
| 100 MΩ | Most DC armature and AC windings built after about 1970 (form-wound coils) |
| 5 MΩ | Most machines with random-wound stator coils, form-wound coils rated below 1 kV, and DC armatures |

The recommended minimum PI is 1.5 for thermal class A (105) insulation and 2.0 for class B (130), F (155) and H (180). When IR1 is very high (above 5000 MΩ), IEEE 43 notes that the PI may not be meaningful and should not be used on its own to judge the insulation.

### Reading the trend

A single reading above the minimum says the motor may be energised; the trend says how the insulation is ageing. Keep a record per motor: date, test voltage, temperature, IR1, IR10 and PI. A steady fall over several tests, or a sudden drop after monsoon, a wash-down or a long standstill, calls for cleaning and drying before the motor is returned to service. Motors in cement, steel and chemical plants pick up conductive dust and corrosive deposits that show up first as falling IR.

## Bearing lubrication

Bearings fail from too little grease, too much grease, the wrong grease or dirty grease.

- **Follow the lubrication plate.** Motors with regreasable bearings usually carry a plate giving the grease type, quantity and interval in running hours. Intervals shorten at higher speeds and temperatures.
- **Quantity.** Where the manufacturer gives no figure, a widely used bearing-maker formula for the replenishment quantity is Gp = 0.005 × D × B, in grams, where D is the bearing outside diameter and B its width, both in mm.
- **Method.** Clean the nipple, open the drain plug or grease relief, and grease with the motor running if it can be done safely, so that grease is distributed and excess escapes. Leave the drain open until grease stops coming out. Over-greasing churns the grease, raises bearing temperature and can push grease into the winding.
- **Compatibility.** Do not mix greases with different thickeners (for example lithium complex and polyurea) without confirming compatibility; mixtures can soften and run out.
- **Sealed bearings.** Small motors often use sealed-for-life bearings (2Z or 2RS). They are not regreased; they are replaced when condition monitoring says so.

## Vibration severity: ISO 10816-3 zones

ISO 10816-3 classifies machines above 15 kW by size and foundation and sets zone boundaries for broadband vibration velocity measured on the bearing housings (mm/s RMS, 10-1000 Hz for machines running above 600 r/min). It has been superseded by ISO 20816-3:2022, but the 10816-3 values remain widely used in Indian plants and in older specifications.

| Machine group | Foundation | Zone A/B | Zone B/C | Zone C/D |
|---|---|---|---|---|
| Group 1: above 300 kW; motors with shaft height 315 mm and above | Rigid | 2.3 | 4.5 | 7.1 |
| Group 1 | Flexible | 3.5 | 7.1 | 11.0 |
| Group 2: 15 to 300 kW; motors with shaft height 160 to 315 mm | Rigid | 1.4 | 2.8 | 4.5 |
| Group 2 | Flexible | 2.3 | 4.5 | 7.1 |

All values in mm/s RMS. The zones mean:

- **Zone A:** typical of newly commissioned machines.
- **Zone B:** acceptable for unrestricted long-term operation.
- **Zone C:** normally unsatisfactory for long-term continuous operation; the machine may run for a limited period until there is an opportunity for remedial action.
- **Zone D:** severe enough to cause damage.

Take readings at the same points (horizontal, vertical and axial on each bearing) every time, mark the points on the frame, and trend them. A change of zone, or a steady rise within a zone, matters more than one absolute number. For root-cause work, a spectrum separates unbalance (1× running speed), misalignment (often 2× and axial), looseness, and bearing defect frequencies.

## Thermography

An infrared camera finds problems that a clamp meter and a screwdriver miss:

- **Terminal boxes and cable lugs.** A loose or corroded connection runs hotter than its neighbours under the same current. ANSI/NETA maintenance testing guidance treats a difference of 1-3 °C between similar components under similar load as a possible deficiency, 4-15 °C as a probable deficiency to be repaired as time permits, and more than 15 °C as a major discrepancy to be repaired immediately.
- **Bearing housings.** Compare drive-end and non-drive-end, and compare with the motor's own history.
- **Frame.** Hot patches can indicate blocked cooling fins, a damaged fan or fan cowl, or a winding problem.

Painted frames give reliable readings; bare metal and shiny lugs reflect heat and read low unless emissivity is corrected or a marker patch is used. Scan under normal load, not on a lightly loaded motor.

## Winding temperature and thermal classes

Insulation life depends on temperature. IEC 60085 assigns thermal classes; IEC 60034-1 sets the permitted temperature rise of the winding (by the resistance method) above a 40 °C cooling-air temperature. For most low-voltage industrial motors:

| Thermal class | Letter | Class temperature | Permitted rise by resistance (40 °C ambient) |
|---|---|---|---|
| 130 | B | 130 °C | 80 K |
| 155 | F | 155 °C | 105 K |
| 180 | H | 180 °C | 125 K |

The older classes 105 (A) and 120 (E) are still found on old rewound or imported machines but are rarely used in new industrial motors.

Many modern motors use class F insulation with a class B temperature rise, which leaves a margin for voltage unbalance, poor ventilation or hot ambient. A long-standing rule of thumb is that insulation life roughly halves for every 10 K of sustained operation above its rating. In Telangana and Andhra Pradesh, motors in sheds and pump houses regularly see cooling air above 40 °C in summer; the manufacturer's derating for ambient temperature then applies. Voltage unbalance between phases also heats windings disproportionately, so measure it.

## Motors on VFDs

Motors fed from drives need extra attention. Fast-switching PWM voltages stress the first turns of the winding, especially with long cables, and common-mode voltage can drive current through the bearings, which shows up as fluting (a washboard pattern) on the races and a rising bearing noise. Insulated bearings, shaft earthing brushes or rings, output filters and correct cable earthing are the remedies; IEC TS 60034-25 gives guidance for motors designed for converter supply. Self-cooled motors also lose cooling at low speed, so check the drive's motor thermal model settings.

## A practical maintenance schedule

Intervals are starting points; shorten them for critical, dusty, wet or hot duties and adjust them as your trend data builds up.

| Task | Typical interval | Notes |
|---|---|---|
| Listen, look, smell; check fan cowl and fins are clear | Daily or every shift (operator) | Report new noise, smell or heat |
| Phase currents and supply voltage balance | Monthly | Compare with nameplate and previous readings |
| Vibration velocity at each bearing (H, V, A) | Monthly for critical motors, quarterly for others | Same points each time |
| Thermography of terminal box, lugs, bearings and frame | Quarterly, and before monsoon and summer | Under normal load |
| Regreasing | As per lubrication plate | Record quantity and grease type |
| Insulation resistance (with PI for HT and critical LV motors) | Half-yearly or yearly, after a long standstill, flooding or wash-down | Record temperature and correct to 40 °C |
| Terminal box inspection, gland sealing, retightening | Yearly | With the motor isolated |
| Earth continuity of frame and cable armour | Yearly | Against IS 3043 practice |
| Bearing replacement, winding cleaning and revarnishing | As condition indicates | Workshop overhaul |

If a motor's readings are trending the wrong way, our [motor repair](/services/motor-repair) team can test it on site or overhaul it in our workshop. Motor checks can also be built into an [annual maintenance contract](/services/amc).
`;

const driveReplacementSigns = `A variable frequency drive does not wear out in one go. Its parts age at different rates: cooling fans first, then the electrolytic capacitors in the DC bus, and, more slowly, the solder joints and bond wires in the power modules. Meanwhile the manufacturer moves the product through its life cycle until parts and support end. At some point, repairing the old drive stops being the economical or safe choice. This article sets out the signs we look for and how we help customers decide.

## 1. Ageing DC bus capacitors

The DC bus of most low-voltage drives uses aluminium electrolytic capacitors. Their life is limited by the slow loss of electrolyte, which is driven by temperature and by ripple current. A common rule of thumb is that electrolytic capacitor life roughly doubles for every 10 °C reduction in operating temperature, which is why drives in hot, dusty panels age faster than the same drives in a clean, air-conditioned room.

Signs of capacitor ageing:

- bulging vents or tops, leaked electrolyte, or a white crust around the terminals;
- rising DC bus ripple, which some drives report as a warning, and increased motor current ripple at constant load;
- undervoltage or overvoltage trips on a supply that measures healthy;
- measured capacitance that has fallen, or equivalent series resistance that has risen, compared with the capacitor's rating (measured in the workshop with the capacitors isolated).

Capacitors also deteriorate without voltage. A drive or spare stored unpowered for a long period needs its capacitors reformed before full voltage is applied; ABB, for example, specifies reforming for drives that have not been powered for a year or more. Spares that have sat on a shelf for years should be reformed and tested before they are relied on in a breakdown.

Replacing the capacitor bank is a routine repair and, on a drive that is otherwise sound and supported, a good investment. On an old, unsupported drive it may only move the failure to another part.

## 2. Repeated IGBT or power-section failures

An IGBT failure has a cause. Often it is external: a motor or cable fault, a contactor switching on the drive output, a brake resistor failure, or a lightning or switching surge. If the cause is found and fixed and the power section is properly repaired, the drive should run for years.

When a drive keeps failing in the power section after proper repair and with the external causes ruled out, the drive itself is usually the problem. Repeated thermal cycling fatigues the solder layers and bond wires inside the modules, gate drive components drift, snubber capacitors age and the DC bus capacitors no longer absorb switching transients as they did. Replacing one module at a time then becomes a cycle of breakdowns.

## 3. Obsolescence and life-cycle status

Manufacturers publish life-cycle status for their drives. ABB's model, for example, moves a product from active through classic and limited phases to obsolete, with fewer services and spares available at each step; the ACS800 family has been moving through these phases for some years, with the ACS880 as its successor. Siemens discontinued the MICROMASTER 4 range, including the MICROMASTER 440, with the SINAMICS G120 family as the successor, and spare parts and repair services for a discontinued product remain available only for a limited period after discontinuation.

Check the current status for the exact type code of each drive in your plant with the manufacturer or its authorised channel partner, because status can differ between variants and power ratings. Then look at your installed base: a plant with a dozen drives of one discontinued series and no spares is carrying a risk that should be planned for, not discovered during a breakdown.

## 4. Spare parts and repair turnaround

Even where a series is still supported, repair depends on parts:

- control and power boards for older drives become hard to obtain, and boards from the secondary market may be untested, of a different revision, or incompatible with the firmware;
- IGBT modules and rectifiers can usually be sourced for longer, but a replacement from a different manufacturer or with different characteristics needs engineering judgement, not just a matching footprint;
- turnaround lengthens as parts have to be searched for, which matters more than the repair charge when the drive runs a bottleneck machine.

If a critical drive can no longer be repaired within a time the process can tolerate, replacement, or at least a replacement held as a spare, is due.

## 5. The application has changed

Sometimes the drive is fine but the job it is doing has outgrown it:

- **Regeneration.** Cranes, hoists, unwinders, centrifuges, test rigs and downhill conveyors return energy to the DC bus. An older drive with a brake chopper burns that energy in a resistor as heat in the panel. A regenerative or active-front-end drive (for example the ACS880 regenerative variants, or a SINAMICS G120 with a PM250 power module) returns it to the supply and removes the resistor's heat load.
- **Harmonics.** A six-pulse drive draws non-sinusoidal current. Where many drives sit on one transformer, or where the plant must meet harmonic limits at the point of common coupling (IEEE 519 is the usual reference), low-harmonic or active-front-end drives, or filters, may be required.
- **Safety functions.** New machinery risk assessments often call for safe torque off (STO) and other safety functions defined in IEC 61800-5-2. Older drives may not offer them in a certified form.
- **Integration.** Plants moving to PROFINET or EtherNet/IP, remote monitoring or energy reporting may find that an older drive's communication options are limited or no longer available.
- **Load changes.** A pump re-impellered or a fan replaced with a bigger one may now need a larger drive or a heavy-duty rating.

## 6. Environment and physical damage

Corrosion is a common end-of-life cause in chemical, fertiliser and effluent-treatment areas, where sulphur and chlorine compounds attack copper tracks and silver-plated contacts. Conductive dust in steel plants and fine dust in cement plants creep into boards and cause tracking. When several boards show corrosion or carbonised tracks, a repair restores function but not the remaining life of the assembly, and the root cause (the panel's location, sealing and ventilation) should be fixed along with the drive.

## 7. Fans and the other wear parts

Cooling fans, the pre-charge relay or contactor, and the small electrolytic capacitors on control and gate-drive boards also age. Manufacturers publish maintenance schedules with replacement intervals for fans and capacitors, usually adjusted for ambient temperature and duty. A drive that has never had its fans or capacitors changed and is well past those intervals is not necessarily at the end of its life, but it is carrying risk, and a planned service usually means far less downtime than a failure. When a drive is so old that the manufacturer no longer offers its maintenance kits, that is itself a sign that support is ending.

## How we assess a drive

A condition assessment, on site or in our workshop, typically covers the drive's running hours and fault history, heatsink temperature against load, DC bus ripple where the drive reports it, a visual inspection of capacitors, boards and terminals with the drive isolated, thermography of power connections under load, fan condition, and the manufacturer's life-cycle status for the type code. The result is a short written recommendation for each drive (continue, service, repair or plan replacement) with the reasons. For plants with many drives, this turns into a replacement plan spread over planned shutdowns rather than one forced by breakdowns.

## Repair or replace: a decision table

| Situation | Usual recommendation |
|---|---|
| First failure, cause identified (motor, cable, supply), drive series supported | Repair, fix the external cause, test under load |
| Fans or DC bus capacitors aged, drive otherwise sound and supported | Repair: replace fans and capacitors as preventive work |
| Power section has failed again after proper repair, external causes ruled out | Replace, or repair only as a stop-gap while a replacement is arranged |
| Series discontinued and key boards unavailable | Plan replacement; keep the repaired old drive as a spare meanwhile |
| Several boards corroded or carbonised | Replace, and correct the panel environment |
| Application now needs regeneration, low harmonics, STO or a new fieldbus | Replace with a drive that provides them |
| Critical machine, no spare, repair lead time longer than the process can tolerate | Buy a replacement or a stocked spare now |
| Non-critical machine, parts available, drive suits the load | Repair |

## Planning a replacement well

A replacement drive is not just a box swap. Before ordering, check:

- the motor's insulation suitability for the new drive's switching, especially with long cables, and whether output filters are needed;
- the panel's space, ventilation and cable entry, and whether the new drive's heat loss suits the panel;
- input protection, cable sizes and earthing against the new drive's requirements;
- the control interface: digital and analogue I/O, safety circuit wiring, and the fieldbus with its configuration in the PLC;
- a parameter translation from the old drive to the new one, done and documented before the shutdown rather than during it.

Our engineers assess drives on site, repair what is worth repairing in our Balanagar workshop, and plan and commission replacements. See our [VFD repair service](/services/vfd-repair), or [request an assessment](/request).
`;

const pharmaCaseStudy = `This case study describes a night breakdown on a blister-packing line at an oral solid dosage plant in Genome Valley, near Hyderabad. The line is fed from a tablet-compression suite; while it was down, compressed tablets could only be held in approved containers for a limited time, so the compression suite was soon affected too. The customer is not named and some details have been generalised. Times are approximate and given to show how the work unfolded.

## The line

The blister machine forms PVC/PVDC film in heated moulds, feeds tablets into the pockets, checks the fill with a vision system, seals lidding foil at a heated sealing station, embosses the batch details and punches out the blisters. The stations are driven by servo axes coordinated by a PLC, with an HMI for recipes, batch data and alarms. The machine is a validated GMP system: its PLC program, recipes and critical parameters are under change control, and the site keeps a qualified backup of the program.

## Timeline

**01:55** A short supply disturbance on the plant's incoming feeder. Most equipment rode through it. The blister machine stopped with a servo fault on the forming-station axis, and the HMI lost communication with the PLC.

**02:10** The shift technician cycled the control supply. The HMI came back, but the PLC stayed in STOP with its error indicator lit and would not go to RUN. The servo amplifier for the forming axis showed a power-stage fault as soon as its main supply was switched on.

**02:25** The shift engineer called our 24/7 line and described the symptoms. While our engineer travelled from Balanagar, we asked the site to do three things: keep the machine isolated, locate the most recent qualified PLC backup and its version record, and check whether an identical servo amplifier was available on site.

**04:05** Our automation engineer arrived, completed the site's entry and gowning procedure for the packing area, and was briefed by the shift engineer and the QA officer on duty. Work began under a permit to work, with the machine isolated and locked out.

**04:10-05:30** Diagnosis (described below).

**05:30** Temporary measures proposed to the site, recorded and approved under the site's emergency change procedure.

**05:45-07:40** PLC restoration, amplifier exchange, functional checks.

**07:40-09:30** The site's validation, QA and production teams carried out their own checks and released the line.

## Diagnosis

### The PLC

Online with the site's engineering laptop, the CPU's diagnostic buffer showed the voltage dip, followed at restart by entries reporting that the program in load memory was inconsistent and could not be started. The memory card was readable, but blocks on it were damaged; the most likely explanation was that the power interruption coincided with a write to the card. The control supply to the PLC was taken from the same source as the machine's other loads, with no buffering, so the CPU saw the full dip.

We did not attempt to repair the blocks, and we did not upload anything from the machine. In a validated system, the only acceptable program is the qualified version. The site's engineering department held an archived project and a card image, stored with a version number and checksum in the validation documentation.

### The servo amplifier

With the amplifier isolated and its DC bus confirmed discharged (after the waiting time on its label, and verified with a meter), we disconnected the motor cable and tested the motor and cable insulation at 500 V DC: readings were healthy and balanced between phases. A static diode test of the amplifier's power terminals showed a short on one output leg. The motor turned freely by hand and the forming tool was not jammed. The conclusion was a failed output stage in the amplifier, probably triggered by the disturbance. The amplifier's fault history confirmed a power-stage overcurrent at the time of the dip.

## Temporary measures, under change control

Two options were available to restart the line before the failed amplifier could be repaired:

1. Transfer an identical amplifier (same model, hardware revision and firmware) from a second blister machine that was down for planned maintenance and not scheduled to run for the following days.
2. Wait for a repaired or new amplifier.

The site chose the first. Because the transfer changed the configuration of two validated machines, it was raised under the site's emergency change control procedure: the QA officer on duty approved the transfer as a like-for-like replacement, on the conditions that the amplifier's parameter set be loaded from the qualified parameter file held for the receiving machine, and that the functional checks be defined before the work started. The donor machine was tagged as out of service pending return of its amplifier.

## Restoration

- **PLC.** With QA's approval, the qualified project version was loaded to a new memory card from the archived image. The checksum shown by the engineering tool was compared with the one recorded in the validation documentation, and both engineers signed the comparison. Retentive settings (counters and recipe pointers) were re-entered from the batch records by production, checked by a second person.
- **Servo.** The transferred amplifier was installed, its parameter set loaded from the qualified file and compared parameter by parameter with the printed record. The axis was homed and run at reduced speed, then at production speed, while we watched current, following error and DC bus voltage.
- **Machine checks.** With the machine running empty and then with film, we checked forming depth and pocket shape, sealing temperatures against their set points, the index position of the forming station, and the alarm responses of the affected axis.

The site's own checks followed: challenge tests of the vision inspection and reject system (missing and broken tablet samples), a check of the embossing, line clearance, and QA review of the records before batch manufacture resumed. These checks are the site's responsibility and were done by its validation and QA staff.

## Documentation

A GMP site needs an auditable trail as much as a running machine. The following were completed:

- **Deviation** raised by production for the unplanned stoppage and for the batch in process, with the QA assessment of product impact: partly packed material on the line was segregated and dispositioned by QA under the site's procedures.
- **Emergency change control** records for the amplifier transfer and the PLC restoration, approved at the time and closed after the work with supporting evidence.
- **Our service report**, signed by our engineer and the site engineer, listing each step, the tests and their readings, the instruments used with their calibration references, the checksum comparison, and the parameters compared.
- **CAPA** opened by the site to address the root cause: the PLC's unbuffered control supply.

## Follow-up

The failed amplifier was repaired in our workshop: the output stage and associated gate drive components were replaced, and the unit was tested on a load bench at rated current before return. After it was refitted to the donor machine under a second change control, with the same parameter checks, the donor machine was returned to service by the site.

As part of the CAPA, the site added an industrial UPS supply for the PLC, HMI and servo control power on both machines, so that the control system either rides through a dip or shuts down in an orderly way, and we reviewed the machine's supply arrangements for similar weaknesses on the other packing lines.

## Lessons

1. **A qualified backup that can be found at 2 a.m. is worth more than one that exists somewhere.** The site's archive, with a version record and checksum, made the restoration quick and defensible. Check that night-shift staff know where it is and who can authorise its use.
2. **Never upload and run "what is in the PLC" on a validated machine** after a memory fault. Restore the qualified version and compare.
3. **Buffer control supplies.** PLC, HMI and servo control power should ride through supply dips or shut down cleanly; an unbuffered PLC writing to its memory card during a dip risks exactly this failure.
4. **Agree an emergency change procedure in advance.** The site's procedure allowed QA to approve a like-for-like transfer at night with defined checks, which kept the stoppage to hours rather than days.
5. **Hold parameter files for every servo axis**, under document control, alongside the PLC backup. Without them, a like-for-like transfer would have needed re-tuning and more extensive requalification.
6. **Know your critical spares.** One spare amplifier of each type used on the packing lines is now held in the site's stores.

For support with validated automation systems, see our [PLC repair](/services/plc-repair) and [breakdown services](/services/breakdown), or [contact us](/contact) to discuss an annual maintenance contract that includes backups and spares planning.
`;

const vfdTroubleshooting = `When a drive trips, the pressure is to reset it and get the machine running. Sometimes that is right; often the trip returns within minutes, or the drive fails for good. This guide gives maintenance technicians a repeatable sequence for finding the cause. For the meaning of specific codes across makes, see [common VFD faults](/blog/vfd-common-faults) and the fault tables on our [Technical Data](/technical-data) page.

## Step 1: Make it safe

- Treat the drive as live until you have proved otherwise. Isolate the upstream breaker, apply your lock and tag under the plant's LOTO procedure, and prove dead at the input terminals.
- Wait for the DC bus capacitors to discharge for at least the time stated on the drive's warning label, then measure DC+ to DC- with a meter rated for the voltage before touching the power terminals. On a 415 V supply the bus normally sits around 560-600 V DC.
- Remember other sources: external 24 V supplies, brake resistors, common DC bus systems, and permanent-magnet motors that can generate voltage when turned by the load.
- Only qualified, authorised people should open drive covers.

## Step 2: Read and record before resetting

Write down or photograph:

- the active fault code and any auxiliary code or fault value;
- the fault history, with times if the drive keeps them;
- the operating values at the trip if stored (frequency, current, DC bus voltage, heatsink temperature);
- what the machine was doing and anything that changed recently.

A reset or a power cycle can clear some of this. See [how drives detect faults](/blog/vfd-fault-detection) for where each make keeps its history.

## Step 3: Classify the fault

Place the fault in one of these groups, because each group points to a different part of the system:

- **Current faults** (overcurrent, short circuit, earth fault): motor, cable, load mechanics or the drive's output stage.
- **Voltage faults** (overvoltage, undervoltage, input phase loss): supply, braking circuit, ramps, input rectifier and charging circuit.
- **Thermal faults** (heatsink overtemperature, drive or motor overload): cooling, load, parameters.
- **Control and communication faults** (fieldbus loss, analogue signal loss, external fault input, safe torque off): wiring, PLC, network, safety circuit.
- **Internal faults** (board, memory, power stack, self-test): the drive itself.

## Step 4: Check the supply

Measure all three line-to-line voltages at the drive's input terminals with the drive running if possible. Look for a missing phase, imbalance, blown fuses, loose or discoloured terminals and a tired input contactor. Ask whether the trips coincide with DG changeovers, large motor starts elsewhere, or APFC capacitor switching.

## Step 5: Check the motor and cable

With the drive isolated and discharged, disconnect the motor leads at the drive's output terminals. Insulation-test the motor and cable at 500 V DC (for 415 V motors), phase to earth, and measure winding resistance phase to phase; the three readings should match closely. Never apply an insulation tester with the drive connected. Turn the shaft by hand if you can: a tight or noisy bearing, a jammed load or a brake that does not release all produce overcurrent trips.

## Step 6: Static-test the drive

Using the meter's diode range on the isolated, discharged drive, test from DC+ and DC- to each input terminal (rectifier) and each output terminal (IGBTs). Each pair should conduct one way and block the other, and all phases should read alike. A short or an odd reading means the power section needs workshop repair. Also check that cooling fans turn freely and that the heatsink is clean.

## Step 7: Check control wiring and parameters

Many "drive faults" are control problems:

- Is the run command arriving? Check the digital input status on the drive's monitor.
- Is the enable or safe torque off circuit closed? An open STO circuit prevents running and may show a fault or warning.
- Is the speed reference correct? For a 4-20 mA signal, measure the loop current and compare it with the drive's analogue input monitor.
- Do the motor nameplate data in the drive match the motor actually fitted, especially after a motor replacement? Was auto-tuning repeated?
- Have ramp times, current limits or control mode been changed? Compare with the documented parameter set.

## Step 8: Test run

Where the manual permits, power up with the motor disconnected and check for balanced output at low frequency. Then reconnect, run uncoupled if possible, and finally run under load while watching output current, DC bus voltage and heatsink temperature. Repeat the operation that caused the trip (the start, the stop, the speed change) to confirm the fix.

## Step 9: Document

Record the fault, what you measured, what you changed and the result, and update the parameter backup if anything changed. Good records turn a repeat trip next month into a five-minute job.

## Common mistakes to avoid

- **Resetting again and again.** Each reset into a short circuit or a jammed load stresses the IGBTs further; after two identical trips, stop and investigate.
- **Insulation-testing with the drive connected.** The test voltage can damage the drive's power section and control electronics.
- **Changing several parameters at once.** If the fault clears, you will not know which change fixed it; if it does not, you may have created a new problem. Change one thing at a time and record it.
- **Replacing the drive without finding the cause.** A new drive connected to a faulty motor or cable fails the same way.
- **Disabling a protection to get running.** Switching off earth-fault or phase-loss detection hides the fault until it becomes a fire or a burnt motor.

## Symptom guide

| Symptom | First things to check |
|---|---|
| Drive healthy but motor will not start | Run command, enable and STO circuit, speed reference, local/remote selection |
| Trips on acceleration | Ramp time, torque boost, motor data, load jammed, motor or cable insulation |
| Trips on deceleration (overvoltage) | Ramp time, brake resistor and chopper, overvoltage controller setting |
| Trips at steady speed | Load changes, supply dips, heatsink temperature, loose connections |
| Random trips with no pattern | Supply quality, earthing and cable screening, control wiring, fan failure |
| Trips immediately on run, motor disconnected | Drive output stage: send for workshop repair |
| Earth fault trips after rain or wash-down | Moisture in motor terminal box or cable joints |
| Motor runs but speed does not follow reference | Analogue signal, scaling parameters, reference source selection |

## When to call for help

Call for support when the static test shows a damaged power section, when the fault recurs after the obvious causes are removed, when the drive reports an internal fault, or when the machine is critical and time matters more than diagnosis. Our engineers respond round the clock; [request a visit](/request) or see our [VFD repair service](/services/vfd-repair).
`;

const vfdFaultDetection = `A drive's fault code is the end of a chain: a sensor measures something, the drive's firmware compares it with a limit or a model, and the protection switches off the output. Knowing how that chain works helps a technician judge whether a trip is a genuine problem in the load, a supply problem, or a fault in the drive's own sensing. This article explains the main detection methods, how to read the fault history on common makes, and what to record before you call for service.

## Current sensing

Most drives measure output current with Hall-effect current sensors on two or three of the output phases; small drives may use shunt resistors. The measurement feeds several protections at different speeds:

- **Hardware overcurrent and short-circuit protection.** The fastest layer sits in the IGBT gate drivers. Desaturation detection notices when an IGBT's collector-emitter voltage rises while it is switched on, which happens within microseconds of a short circuit, and turns the device off before it is destroyed. A comparator on the current sensor signal gives a second fast trip.
- **Software current limit.** Below the trip level, the drive's control reduces frequency or torque to hold current within limit, which is why a heavily loaded drive may slow down rather than trip.
- **Earth fault detection.** In a healthy three-phase system, the output currents add up to zero. A drive that measures all three phases, or has a separate summation sensor, sees a non-zero sum when current returns through earth and trips on earth fault. Long motor cables leak capacitive current to earth even when healthy, which is why they sometimes cause nuisance earth-fault trips.
- **Output phase loss.** A phase that carries no current while the others do indicates an open motor cable, a loose terminal or an open winding.

A faulty current sensor can produce overcurrent or earth-fault trips with a perfectly healthy motor, so a trip that comes immediately on the run command with the motor disconnected points inside the drive.

## DC bus monitoring

The DC bus voltage is measured through a resistor divider and compared with upper and lower limits.

- **Overvoltage** comes from regenerative energy or supply surges. Before tripping, many drives use an overvoltage controller that extends the deceleration ramp automatically, and a brake chopper that switches a resistor across the bus.
- **Undervoltage** comes from supply dips, phase loss or charging circuit faults. Drives may use a kinetic buffering or ride-through function to keep the bus up for a short time by slowing the motor.
- **Input phase loss** is usually detected from bus ripple. A six-pulse rectifier on a 50 Hz supply produces ripple at 300 Hz; with one input phase missing, the ripple becomes much larger and appears at 100 Hz. Ageing DC bus capacitors also raise the ripple, and some drives warn about it.

## Thermal protection and models

- **Heatsink and module temperature** is measured by NTC thermistors on the heatsink or inside the IGBT modules. Many drives also calculate the junction temperature of the IGBTs from current, switching frequency and heatsink temperature, because the junction heats up far faster than the heatsink. That model is behind drive overload trips at low output frequency or high switching frequency.
- **Drive overload (I²t)** compares output current over time with the drive's rating and overload capability, for example its heavy-duty or normal-duty rating.
- **Motor thermal model.** The drive estimates motor temperature from current, the motor data in its parameters and, in better models, the reduced cooling of a self-ventilated motor at low speed. This is the electronic equivalent of a thermal overload relay, and its accuracy depends on correct motor data.
- **Motor temperature sensors.** PTC thermistors, KTY sensors or Pt1000 elements in the winding give a direct measurement and are preferable on motors that run at low speed or start often.

## Other monitoring

Drives also watch encoder signals (loss or mismatch), fieldbus and control word watchdogs, analogue input wire break (a 4-20 mA signal falling well below 4 mA), external fault inputs, safe torque off channels, fan speed and internal supply voltages. These are reported with their own codes and are usually the quickest to resolve.

## Reading the fault history

Every modern drive keeps a fault log; the trick is knowing where it is and what it stores:

- **ABB ACS880 / ACS580:** the event log on the control panel, and in Drive Composer, lists faults and warnings with time stamps and auxiliary codes. Parameter group 04 shows active and recent faults.
- **Siemens SINAMICS G120:** the fault buffer in r0945 (fault codes), with fault values in r0949 and time information alongside; it is easier to read in Startdrive or on the IOP-2 panel. On MICROMASTER 440, r0947 holds the last fault codes and r0949 the fault values.
- **Yaskawa A1000 / GA700:** U2 monitors give the fault trace (the operating values at the most recent fault) and U3 monitors the fault history.
- **Mitsubishi FR-A800 / FR-E800:** the operation panel's faults history shows past faults with the output frequency, current, voltage and energisation time at each trip.
- **Delta C2000 / MS300:** the fault record parameters in group 06 hold the present and previous faults; the manual for your model lists which operating values are stored with them.

Look for patterns: the same fault at the same point in the cycle, faults clustered at one time of day (supply), faults that appeared after a particular date (a change), or a rising frequency of warnings before a trip (heat, fans, capacitors).

## What to record before calling for service

A good description halves the time to a fix. Before you call, gather:

| Item | Why it helps |
|---|---|
| Make, model, type code and rating from the drive's label | Identifies the manual, the spares and the firmware |
| Active fault code, auxiliary code or fault value | Narrows the cause within a fault family |
| Fault history with times | Shows patterns and recurrences |
| What the machine was doing at the trip | Start, stop, steady running or speed change point to different causes |
| Supply voltages, phase to phase | Rules supply problems in or out |
| Motor nameplate and cable length | Needed for overload, earth fault and overvoltage diagnosis |
| Insulation test result of motor and cable, if done | Separates motor faults from drive faults |
| Recent changes (parameters, motor, cabling, panel work) | Many faults follow a change |
| Photographs of the display, the drive and the panel | Shows damage, dust, water and wiring |
| Parameter backup, if one exists | Speeds up restoration after repair |

With this information, our engineers can often suggest checks over the phone and, if a visit is needed, arrive with the right parts. [Request service](/request), or read our [VFD troubleshooting guide](/blog/vfd-troubleshooting) for the steps to take on site.
`;

const vfdSigns = `Drives rarely fail without warning. Heat, noise, smell and a rising count of nuisance trips usually show up weeks or months before a drive stops for good, and most of them can be picked up by an operator or technician on a routine walk past the panel. This article lists the early signs worth acting on and gives an inspection checklist that fits into a normal maintenance round.

## Safety during inspection

Looking and listening can be done with the panel closed or from a safe distance. Opening a panel door on a live drive exposes you to 415 V AC and a DC bus of about 560-600 V DC; do it only if you are authorised, with the right PPE, and never reach inside. Cleaning, retightening and capacitor inspection need the drive isolated under LOTO and the DC bus discharged for the time stated on the drive's label, verified with a meter.

## Early warning signs

### Heat

- The panel feels hotter than usual, or the panel air-conditioner or ventilation fan is struggling.
- The heatsink temperature shown on the drive's monitor is higher than it used to be at the same load. Note it on each round; a rising trend means blocked airflow or a failing fan.
- Overtemperature warnings appear in the afternoon in summer and clear at night.

### Fan noise

Cooling fans are wear parts. A fan that rattles, whines, runs slowly or starts late has worn bearings. When it stops, the drive overheats within minutes at full load. Many drives report fan failure or count fan running hours; replace fans at the interval in the manual rather than waiting for them to fail.

### Nuisance trips

A drive that trips occasionally and resets fine is telling you something. Watch for:

- overvoltage trips on deceleration that used to be rare;
- undervoltage or phase-loss trips on a supply that measures healthy;
- earth-fault trips after rain or wash-down;
- overcurrent trips at start that need several resets.

Record every trip with time and code. An increasing frequency is a stronger signal than any single event.

### Bulging or leaking capacitors

With the drive isolated and discharged, look at the DC bus capacitors where they are visible. Domed tops, raised rubber seals, brown residue or a white crust around the terminals mean the capacitors are failing. On drives that report DC bus ripple, a rising ripple figure is the same message from the inside.

### Smell

A sharp, burnt smell means insulation or a board component is overheating. A sweet or fishy chemical smell can come from leaking electrolyte. Either needs investigation before the next start.

### Other signs

- Discoloured or heat-marked power terminals, or cable insulation that has hardened near the lugs.
- Dust build-up on boards and heatsinks, especially conductive dust in steel plants and fine dust in cement plants.
- Corrosion on board tracks and connectors in chemical areas.
- A keypad display that flickers or a drive that resets itself, which can point to a failing internal power supply.
- The motor sounding different: new whine, roughness or vibration at certain speeds.
- Phase currents that are no longer balanced at steady load.

## Conditions that speed up ageing

Some conditions common in Indian plants make these signs appear sooner. Panel rooms without ventilation get very hot in April and May. During the monsoon, drives that are switched off overnight can collect condensation as they cool; anti-condensation heaters in the panel, or keeping the control supply on, help. Cement, coal and textile dust blocks heatsinks and filters far faster than the manufacturer's schedule assumes. Frequent supply dips and DG changeovers stress the charging circuit and capacitors. If your drives work in any of these conditions, inspect more often than the intervals suggested below.

## Use the drive's own monitoring

Modern drives report much of this themselves, if someone looks. Useful values to log on each round are heatsink temperature, DC bus voltage, output current and, where available, fan running hours and the drive's maintenance counters. ABB drives, for example, offer configurable maintenance timers and counters, and Yaskawa A1000 and GA700 drives show cooling fan and capacitor maintenance monitors as a percentage of expected life. Set these up at commissioning so that the drive reminds you. Where drives are on a fieldbus, the PLC or SCADA system can log these values continuously and alarm on a rising trend, which catches problems in remote MCC rooms that nobody walks past every day.

## Routine inspection checklist

| Check | How | Suggested frequency |
|---|---|---|
| Drive display: faults, warnings, heatsink temperature, DC bus voltage, output current | Read and log the monitor values | Every shift or daily |
| Panel temperature, air-conditioner or fan operation | Panel thermometer, look and listen | Daily |
| Fan noise and airflow | Listen at the drive and panel vents | Weekly |
| Fault history | Read the log; note new entries | Weekly |
| Panel filters | Inspect and clean or replace | Monthly, more often in dusty plants |
| Phase currents and supply voltages | Clamp meter and voltmeter at steady load | Monthly |
| Thermography of power terminals and cables | IR camera under normal load | Quarterly |
| Heatsink and board cleaning with dry, oil-free air or vacuum | Drive isolated and discharged | Quarterly to half-yearly |
| Terminal tightness to the manufacturer's torque | Drive isolated and discharged | Yearly |
| Capacitor visual inspection; fan replacement by running hours | Drive isolated and discharged | Yearly, and as per manual |
| Parameter backup updated | Keypad copy or PC tool | After every change, and yearly |
| Spare drives reformed and tested | As per the manual's reforming procedure | Before long storage ends, typically yearly |

Keep the log with the drive's tag number. Over a year it becomes the evidence that tells you whether a drive needs a fan, a capacitor bank or a planned replacement; see our article on [signs a drive needs replacing](/blog/drive-replacement-signs).

## When to act

Act at once on smell, visible capacitor damage, a stopped fan or overheating terminals. Plan action within days for a rising heatsink temperature trend, repeated nuisance trips or growing current imbalance. If you see any of these and want a second opinion, [request a visit](/request); our [VFD repair](/services/vfd-repair) engineers can inspect drives on site and, where needed, service them in our workshop.
`;

const plcChecklist = `A PLC system that is looked after rarely stops the plant. The failures that do stop plants are predictable: a power supply that ages in a hot panel, a battery that runs flat, a backup that turns out to be two years old, a network cable crushed in a tray, or a force that was never removed. This checklist sets out what to check monthly, quarterly and yearly on Siemens, Allen-Bradley, Mitsubishi, Omron, Delta and similar controllers. Adjust intervals to the criticality of the machine and the environment of the panel.

## Before you start

- Agree with production before connecting a laptop or changing anything on a running controller.
- Inspection of a live panel is limited to looking, reading and measuring with suitable instruments. Cleaning, retightening and module work need isolation under the plant's LOTO procedure.
- Remember that outputs may energise when a controller restarts. Know what the machine will do before you power-cycle anything.
- Record findings on the same sheet every time so that trends are visible.

## Monthly checks

- **Status LEDs** on the CPU, power supply, I/O modules and remote I/O stations: no error, maintenance, force or battery indications.
- **Diagnostic buffer or fault log:** new entries since the last check, especially recurring ones.
- **Forces:** confirm that no I/O is forced (MAINT LED on S7-1200/1500, FORCE LED on Logix controllers, force lists on others).
- **Panel environment:** temperature, air-conditioner or fan operation, filters, door seals, signs of water or dust ingress.
- **24 V DC supply:** measure at the CPU terminals under normal load.
- **HMI:** alarms history, touch response, screen brightness.

## Quarterly checks

- **Network health:** port LEDs, diagnostic counters on managed switches, error counts on PROFINET and EtherNet/IP devices. Look for ports with rising error counts, which indicate cable or connector damage.
- **Serial networks:** communication error counters on Modbus or other serial links.
- **Analogue inputs:** compare a few critical readings with a calibrated reference (loop calibrator or the field instrument's own display).
- **Thermography** of the panel: power supplies, terminals, contactors and relays.
- **Cleaning** of filters and, with the panel isolated, dust on modules and vents.
- **Backups:** confirm that the archived project matches the controller (use the compare function) and that any changes since the last quarter are in the archive.

## Yearly checks

- **Batteries:** replace on controllers that use them, following the manual's procedure and before the battery warning appears.
- **Terminal tightness** on power supplies, I/O and field terminals, with the panel isolated.
- **Power supply condition:** output voltage and ripple; consider replacement of supplies that have run for many years in hot panels.
- **Earthing:** continuity of panel earth, DIN rails, screen terminations and equipotential bonding.
- **Firmware and life-cycle status:** record firmware versions; check the manufacturer's life-cycle status for each CPU and module type, and plan migrations for discontinued items.
- **Spares:** confirm that critical spares exist, are the right versions, and are stored in a dry place; power up and test stored spares where the manual calls for it.
- **Documentation:** update drawings, I/O lists and network diagrams to match the installed system.
- **Restore test:** restore a backup to a spare or test controller to prove that the backup actually works.

## Power quality and earthing

Many PLC faults that look random come from the supply. Check that the PLC, HMI and network switches are fed from a buffered supply (a UPS or a 24 V DC buffer module) so that they ride through dips and DG changeovers, that surge protection devices at the panel's incoming supply are healthy (most show a status window or flag), and that the panel earth is bonded to the plant earthing system in line with IS 3043. Route network and analogue signal cables away from VFD motor cables, and terminate cable screens as the manufacturer's installation guide requires.

## HMI and SCADA

Operator panels and SCADA computers fail in their own ways and belong in the same checklist:

- Back up HMI projects, recipes and user data alongside the PLC project, and note which HMI project version goes with which PLC version.
- On SCADA and historian computers, check free disk space, the operating system's event logs, time synchronisation with the PLCs, historian storage and the condition of the UPS that supplies them.
- Apply security updates and antivirus definitions only as the site's OT policy allows, and test them on a non-production machine first where possible.
- Review user accounts: remove people who have left, and avoid shared passwords. In pharmaceutical plants, user access and audit trails are data-integrity requirements, not just good practice.

## What to record on each visit

A checklist is only as useful as the record it leaves. For each controller, note the date and the person, the LED status, new diagnostic entries, the 24 V DC reading, the panel temperature, any forces found and removed, the backup version and its date, the actions taken and any recommendations with a priority. Keep the sheets together per machine so that the next person can see the history at a glance.

## Checklist table

| Task | Monthly | Quarterly | Yearly |
|---|---|---|---|
| CPU, PSU, I/O and remote station LEDs | ✓ | | |
| Diagnostic buffer or fault log review | ✓ | | |
| Forces and overrides removed | ✓ | | |
| Panel temperature, ventilation, filters | ✓ | | |
| 24 V DC at CPU under load | ✓ | | |
| HMI alarm history and touch check | ✓ | | |
| Network port errors and switch diagnostics | | ✓ | |
| Serial link error counters | | ✓ | |
| Analogue input comparison with reference | | ✓ | |
| Thermography of panel | | ✓ | |
| Cleaning (isolated) | | ✓ | |
| Program compare with archive; archive updated | | ✓ | |
| Battery replacement | | | ✓ |
| Terminal retightening (isolated) | | | ✓ |
| Power supply voltage and ripple | | | ✓ |
| Earthing and screen terminations | | | ✓ |
| Firmware and life-cycle review | | | ✓ |
| Spares check and test | | | ✓ |
| Drawings and I/O lists updated | | | ✓ |
| Backup restore test | | | ✓ |

## Backups deserve their own rule

Keep the complete offline project, not just an upload; uploads from some older controllers lose symbols and comments. Name archives with the machine, date and version. Store one copy away from the machine and away from the engineering laptop. On validated systems in pharmaceutical plants, backups and their version records are part of the validation documentation and must follow the site's change control procedure.

## Where we can help

Our engineers carry out PLC preventive maintenance visits, backup audits and migration planning, and respond to breakdowns round the clock. See [PLC repair and programming](/services/plc-repair) and our [annual maintenance contracts](/services/amc), or read the [PLC troubleshooting guide](/blog/plc-troubleshooting) for what to do when something does go wrong.
`;

const amcGuide = `An annual maintenance contract (AMC) for drives and automation should do two things: reduce the number of breakdowns through planned maintenance, and shorten the ones that still happen through fast, well-prepared response. Contracts that look similar on the first page can differ greatly in what they actually deliver. This guide explains what to look for and the questions to ask before you sign, whoever your service provider is.

## 1. Scope: what exactly is covered

A good contract lists the assets it covers, not just "all drives and PLCs in the plant". Ask for an asset register as an annexure, with for each item:

- make, model, rating and location (tag number);
- its criticality to production;
- its life-cycle status, because discontinued items may carry different terms.

Then check what work is included:

- **Preventive maintenance visits:** how many per year, which tasks at each visit (cleaning, thermography, terminal checks, fan and filter inspection, backup verification, insulation tests on motors if included), and who schedules them.
- **Breakdown calls:** whether they are unlimited or a fixed number, whether night and holiday calls are included, and what happens beyond any limit.
- **Remote support:** telephone or remote-access diagnosis, and whether it counts as a call.
- **Software:** whether program backups, minor modifications or parameter changes are included, or only restoration of existing programs.
- **Workshop repairs:** whether repair of failed units is included, or only on-site diagnosis and replacement.

## 2. Response time: how it is defined

"Response within four hours" can mean a phone call back or an engineer at the machine. Ask for definitions:

- when the clock starts (the time of the call, or the time a ticket is logged);
- what counts as response (acknowledgement, remote diagnosis, or arrival on site);
- whether the time applies at night, on Sundays and holidays;
- whether it differs by distance, for example within Hyderabad's industrial areas compared with plants elsewhere in Telangana or Andhra Pradesh;
- what the target is for restoration, not just arrival, and how progress is reported when restoration takes longer.

A provider should be willing to report its actual response times against the contract each quarter.

## 3. Spares

Spares decide how long a breakdown lasts. Clarify:

- which spares are included in the contract and which are charged;
- whether consumables (fans, filters, batteries, fuses) are included;
- who holds critical spares: the plant, the provider, or both, and where;
- whether the provider will recommend a critical-spares list from the asset register, and keep it up to date as equipment changes;
- what happens for obsolete items where new spares are not available: repair of the failed unit, a reconditioned unit, or a migration proposal.

## 4. Reports and records

Maintenance that is not recorded cannot be trended or audited. Ask to see a sample report. It should include:

- each asset visited, the checks performed and the readings taken (temperatures, voltages, insulation values, vibration if included);
- defects found, action taken, and recommendations with a priority;
- breakdown reports with the fault, cause, action and parts used;
- backup status for each PLC, HMI and drive parameter set;
- a periodic summary showing recurring faults and open recommendations.

For pharmaceutical plants, check that reports can be supplied in a form that fits your document control and change control procedures, and that engineers are familiar with GMP documentation practice.

## 5. Exclusions

Every contract has exclusions; the question is whether they are reasonable and clear. Common ones are:

- damage from flooding, fire, lightning or supply abnormalities beyond the equipment's rating;
- damage from misuse, unauthorised modification or repair by others;
- civil, structural and cabling work outside the panels;
- major software changes, new functionality or process changes;
- equipment that is obsolete and unrepairable;
- third-party equipment not listed in the asset register.

Ask how disputed cases are handled, and make sure that exclusions do not quietly remove the equipment most likely to fail.

## 6. People and safety

- What qualifications and experience do the engineers have on your makes (Siemens, ABB, Allen-Bradley, Delta, Yaskawa, Mitsubishi and others)?
- Will the same engineers attend regularly, so that they know the plant?
- Do they follow your permit-to-work and LOTO procedures, and hold the authorisations your site requires?
- Who is the escalation contact when a breakdown is not progressing?

## 7. Commercial terms to read carefully

Without going into price, read the clauses on the contract period and renewal, payment terms, what is charged outside the contract and at what basis, how the asset list is changed when you add or remove equipment, and how either party can end the contract. A contract that is easy to read is usually easier to work with.

## Questions to ask before signing

| Question | Why it matters |
|---|---|
| Which assets are covered, by tag number? | Avoids disputes during a breakdown |
| How many preventive visits, and what is done at each? | Defines the preventive value of the contract |
| How is response time defined and measured? | "Response" must mean what you need |
| Are night, Sunday and holiday calls included? | Breakdowns do not keep office hours |
| Which spares and consumables are included? | Spares decide breakdown duration |
| Who holds critical spares, and where? | Determines restoration time |
| Can we see a sample visit report and breakdown report? | Shows the quality of records |
| How are program backups handled and verified? | Backups are the fastest recovery after a controller failure |
| What is excluded, and how are disputes handled? | Exclusions define the real scope |
| Who are the engineers, and who is the escalation contact? | Continuity and accountability |
| How are obsolete items handled? | Avoids a surprise when a part cannot be bought |
| What reports on performance will we receive? | Lets you judge the contract at renewal |

## Our approach

We offer annual maintenance contracts for drives, PLC/SCADA/HMI systems, control panels and related equipment, with a written asset register, defined visits, 24/7 breakdown response (within 2-4 hours to plants in our service area) and written reports after every visit. Details of the plans are on our [AMC services](/services/amc) page; to discuss a contract for your plant, [contact us](/contact) or [request a site survey](/request).
`;

export const articles: ArticleSeed[] = [
  {
    slug: "vfd-common-faults",
    title: "Common VFD faults and their codes on ABB, Siemens, Delta, Yaskawa and Mitsubishi drives",
    summary:
      "Trip codes for ABB, Siemens, Delta, Yaskawa and Mitsubishi drives side by side, with their usual causes, a safe diagnostic sequence and when to replace.",
    publishedOn: "2025-06-12",
    author: AUTHOR,
    kind: "troubleshooting",
    tags: ["VFD", "fault codes", "ABB", "Siemens", "Delta", "Yaskawa", "Mitsubishi", "troubleshooting"],
    body: vfdCommonFaults,
    relatedServices: ["vfd-repair", "breakdown", "amc"],
  },
  {
    slug: "plc-troubleshooting",
    title: "PLC troubleshooting: a systematic approach for S7-1200, S7-1500 and CompactLogix",
    summary:
      "Power supply, CPU status LEDs, I/O and forcing, PROFINET, EtherNet/IP and Modbus faults, retentive memory and backups, with a step-by-step checklist.",
    publishedOn: "2025-09-03",
    author: AUTHOR,
    kind: "troubleshooting",
    tags: ["PLC", "Siemens S7-1200", "Siemens S7-1500", "CompactLogix", "PROFINET", "EtherNet/IP", "Modbus", "troubleshooting"],
    body: plcTroubleshooting,
    relatedServices: ["plc-repair", "breakdown", "amc"],
  },
  {
    slug: "motor-maintenance",
    title: "Induction motor maintenance: insulation tests, lubrication, vibration and thermography",
    summary:
      "IEEE 43 insulation resistance and PI limits, bearing greasing, ISO 10816-3 vibration zones, thermography, thermal classes and a maintenance schedule.",
    publishedOn: "2025-11-27",
    author: AUTHOR,
    kind: "guide",
    tags: ["motors", "insulation resistance", "polarisation index", "vibration", "thermography", "preventive maintenance"],
    body: motorMaintenance,
    relatedServices: ["motor-repair", "amc", "vfd-repair"],
  },
  {
    slug: "drive-replacement-signs",
    title: "Signs a drive needs replacing, and how to decide between repair and replacement",
    summary:
      "Ageing DC bus capacitors, repeated IGBT failures, obsolescence, spares, regeneration and harmonics needs, with a repair-or-replace decision table.",
    publishedOn: "2026-03-05",
    author: AUTHOR,
    kind: "guide",
    tags: ["VFD", "obsolescence", "capacitors", "IGBT", "retrofit", "repair or replace"],
    body: driveReplacementSigns,
    relatedServices: ["vfd-repair", "servo-drive", "amc"],
  },
  {
    slug: "pharma-line-recovery-case-study",
    title: "Case study: restarting a blister-packing line at a pharmaceutical plant near Hyderabad",
    summary:
      "A night stoppage traced to a failed servo amplifier and a corrupted PLC program, restored from the qualified backup under GMP change control.",
    publishedOn: "2026-07-09",
    author: AUTHOR,
    kind: "case-study",
    tags: ["case study", "pharmaceutical", "GMP", "servo", "PLC", "breakdown", "Genome Valley"],
    body: pharmaCaseStudy,
    relatedServices: ["breakdown", "servo-drive", "plc-repair"],
  },
  {
    slug: "vfd-troubleshooting",
    title: "VFD troubleshooting guide for maintenance technicians",
    summary:
      "A step-by-step sequence for finding the cause of a drive trip: safety, records, fault class, supply, motor, static tests, control wiring and test run.",
    publishedOn: "2025-07-24",
    author: AUTHOR,
    kind: "troubleshooting",
    tags: ["VFD", "troubleshooting", "maintenance", "drives"],
    body: vfdTroubleshooting,
    relatedServices: ["vfd-repair", "breakdown"],
  },
  {
    slug: "vfd-fault-detection",
    title: "How drives detect faults, and what to record before calling for service",
    summary:
      "Current sensing, DC bus monitoring and thermal models explained, where each make keeps its fault history, and the details a service engineer needs.",
    publishedOn: "2026-04-22",
    author: AUTHOR,
    kind: "guide",
    tags: ["VFD", "fault detection", "fault history", "protection", "drives"],
    body: vfdFaultDetection,
    relatedServices: ["vfd-repair", "breakdown"],
  },
  {
    slug: "vfd-signs",
    title: "Early warning signs of VFD trouble, with a routine inspection checklist",
    summary:
      "Heat, fan noise, nuisance trips, bulging capacitors and smells: what they mean and a checklist for daily, monthly and yearly drive inspection.",
    publishedOn: "2025-10-15",
    author: AUTHOR,
    kind: "checklist",
    tags: ["VFD", "inspection", "preventive maintenance", "checklist"],
    body: vfdSigns,
    relatedServices: ["vfd-repair", "amc"],
  },
  {
    slug: "plc-checklist",
    title: "PLC preventive maintenance checklist: monthly, quarterly and yearly",
    summary:
      "What to check on PLC systems and when: status LEDs, forces, power supplies, networks, batteries, backups, spares and documentation, in one table.",
    publishedOn: "2026-01-14",
    author: AUTHOR,
    kind: "checklist",
    tags: ["PLC", "preventive maintenance", "checklist", "backups"],
    body: plcChecklist,
    relatedServices: ["plc-repair", "amc"],
  },
  {
    slug: "amc-guide",
    title: "How to choose an annual maintenance contract for drives and automation",
    summary:
      "Scope, response time definitions, spares, reports, exclusions and the questions to ask before signing an AMC for drives, PLCs and control panels.",
    publishedOn: "2026-10-08",
    author: AUTHOR,
    kind: "guide",
    tags: ["AMC", "annual maintenance contract", "maintenance planning", "drives", "PLC"],
    body: amcGuide,
    relatedServices: ["amc", "breakdown", "vfd-repair", "plc-repair"],
  },
];
