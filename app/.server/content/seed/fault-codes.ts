/**
 * Seed content for the drive fault-code tables on /technical-data: one table per brand and series, with the
 * code as the keypad shows it, the manufacturer's name for it, the usual causes and the checks a technician
 * makes, in order. Only codes whose meaning is certain for that series are listed; codes, names and parameter
 * numbers differ between series and firmware versions, so each table names the manual family to verify against.
 */
import type { FaultCodeSeed, FaultCodeTableSeed } from "./types.ts";

/** Numbered steps, one per line (renders as an ordered list in Markdown). */
function steps(...items: string[]): string {
  return items.map((item, index) => `${index + 1}. ${item}`).join("\n");
}

/** The first step of any check on the power circuit. */
const ISOLATE =
  "Switch off and lock out the supply, wait the DC-link discharge time printed on the drive and prove the DC link dead with a meter before touching power terminals.";

/** Insulation test of the motor and its cable, with the drive out of circuit. */
const MEGGER =
  "Disconnect the motor cable at the drive output terminals and test the insulation of the cable and motor, phase to earth and phase to phase, with a 500 V or 1000 V insulation tester. Never megger with the drive connected.";

const abbAcs880: FaultCodeSeed[] = [
  {
    code: "2310",
    name: "Overcurrent",
    causes:
      "Output current exceeded the internal fault limit. Usual reasons: acceleration or deceleration ramps too short for the load inertia, a jammed or suddenly overloaded machine, an earth or phase-to-phase fault in the motor cable or motor, motor data in group 99 not matching the nameplate (or no ID run), a contactor in the motor cable switching while the drive is modulating, or a failed power stage.",
    remedy: steps(
      ISOLATE,
      MEGGER,
      "Turn the motor shaft by hand, or check the driven machine, for a jam or seized bearing.",
      "Compare the motor data in group 99 with the nameplate and repeat the ID run if the motor or cable has been changed.",
      "Lengthen the acceleration and deceleration times and review the current limit in group 30 Limits.",
      "If there is a contactor or isolator in the motor cable, interlock it so it cannot switch while the drive is running.",
      "If the fault appears at start with the motor cable disconnected, the drive's power stage is faulty and needs repair.",
    ),
  },
  {
    code: "2330",
    name: "Earth leakage",
    causes:
      "The drive has detected load current unbalance, typically from an earth fault in the motor or motor cable: damaged insulation, water or dust tracking in the motor terminal box, a damaged cable gland or a failed output filter.",
    remedy: steps(
      ISOLATE,
      MEGGER,
      "Open the motor terminal box and look for moisture, carbon tracking and loose or bent links.",
      "Inspect the cable route for crushed or cut sections, especially at trays, bends and glands.",
      "If an output filter or sine filter is fitted, check it for insulation breakdown.",
      "Do not switch off the earth-fault supervision (group 31 Fault functions) to keep the machine running; find the fault first.",
    ),
  },
  {
    code: "2340",
    name: "Short circuit",
    causes:
      "Short circuit in the motor cable or motor, or a failed output semiconductor in the drive.",
    remedy: steps(
      ISOLATE,
      MEGGER,
      "Measure the winding resistances at the motor (U-V, V-W, W-U); they should be equal.",
      "Check the motor terminal box and any output reactor or filter for flashover marks.",
      "If the cable and motor are healthy, the IGBTs may be damaged: the drive needs a power-stage check before it is powered again.",
    ),
  },
  {
    code: "2381",
    name: "IGBT overload",
    causes:
      "Excessive IGBT junction-to-case temperature. Usually a heavy load at low output frequency (a loaded conveyor or extruder starting), a drive too small for the duty or poor cooling.",
    remedy: steps(
      "Check the motor cable for faults and that the motor power matches the drive rating.",
      "Check the ambient temperature, the cooling air path and the cooling fan.",
      "Clean dust from the heatsink fins (common in cement, steel and textile plants).",
      "Review the duty: if the machine needs sustained high torque at low speed, a larger drive may be required.",
    ),
  },
  {
    code: "3130",
    name: "Input phase loss",
    causes:
      "The intermediate circuit DC voltage is oscillating because an input phase is missing: a blown fuse, an open pole in the MCCB or main contactor, a loose input terminal, or a supply fault upstream.",
    remedy: steps(
      "Measure the three line voltages at the drive input terminals (L1-L2, L2-L3, L3-L1); on a 415 V system they should be equal within a few per cent.",
      "Check the input fuses or MCCB and the main contactor contacts.",
      ISOLATE,
      "Tighten the input terminals and check cable lugs for heating marks.",
      "If the supply is healthy and the fault remains, the rectifier or DC-link capacitors need checking in the workshop.",
    ),
  },
  {
    code: "3181",
    name: "Cross connection (ACS580: Wiring or earth fault)",
    causes:
      "Incorrect input power and motor cable connection: the supply cable has been connected to the motor terminals. It can also be reported wrongly on a corner-earthed (grounded delta) supply with a long, high-capacitance motor cable.",
    remedy: steps(
      ISOLATE,
      "Check that the supply is on the input terminals and the motor on the output terminals, as in the hardware manual.",
      "Megger the motor cable for an earth fault.",
      "Only when the wiring is proven correct on a grounded delta supply, the check can be changed in group 31 Fault functions.",
    ),
  },
  {
    code: "3210",
    name: "DC link overvoltage",
    causes:
      "Excessive intermediate circuit DC voltage (on a 415 V supply the DC link normally sits at about 560-590 V DC). Caused by energy fed back from the motor during fast deceleration of a high-inertia load or by an overhauling load, by supply overvoltage or switching transients, by the overvoltage controller being disabled, or by a brake chopper or resistor that is not working.",
    remedy: steps(
      "Check that the overvoltage controller is on (group 30 Limits).",
      "Measure the supply voltage, and look for transients from capacitor bank switching on the same bus.",
      "Lengthen the deceleration time.",
      "If a brake chopper and resistor are fitted, check that the chopper is enabled (group 43 Brake chopper) and measure the resistor value and connections.",
      "If the load regenerates regularly (hoists, unwinders, centrifuges), fit a brake chopper and resistor or a regenerative supply unit.",
    ),
  },
  {
    code: "3220",
    name: "DC link undervoltage",
    causes:
      "Intermediate circuit DC voltage is not sufficient: a missing supply phase, a blown fuse, a supply dip or interruption (DG changeover, large motor starting on the same transformer) or a fault in the rectifier bridge or charging circuit.",
    remedy: steps(
      "Check the supply voltage and the input fuses or MCCB.",
      "Find out whether the trips coincide with supply dips or changeovers; the undervoltage controller (group 30 Limits) lets the drive ride through short dips.",
      "If the supply is healthy and the fault persists, the rectifier or charging circuit needs a workshop check.",
    ),
  },
  {
    code: "3381",
    name: "Output phase loss",
    causes:
      "Motor circuit fault: a motor phase is not connected. Loose output terminal, an open pole in an output isolator or contactor, a broken cable core or an open motor winding.",
    remedy: steps(
      ISOLATE,
      "Check the continuity of each motor cable core and the tightness of the terminals at both ends.",
      "Measure the motor winding resistances; an open or unequal reading points to the motor.",
      "If there is an isolator or contactor in the motor cable, check each of its poles.",
    ),
  },
  {
    code: "4110",
    name: "Control board temperature",
    causes: "The control board temperature is too high: hot cabinet, blocked ventilation or a failed cabinet fan.",
    remedy: steps(
      "Check the cabinet temperature and that the cabinet fans and filters are working and clean.",
      "Check the ambient temperature against the drive's rating.",
    ),
  },
  {
    code: "4210",
    name: "IGBT overtemperature",
    causes:
      "The estimated IGBT temperature is excessive: overload, high ambient temperature, dust-blocked heatsink, a failed cooling fan or a high switching frequency.",
    remedy: steps(
      "Check the motor load and current against the drive rating.",
      "Check the cooling fan runs and the air flow through the drive is not blocked.",
      "Clean the heatsink.",
      "Check the ambient temperature against the drive's rating (derating applies above the rated temperature).",
    ),
  },
  {
    code: "4290",
    name: "Cooling",
    causes:
      "The drive module temperature is excessive: cooling air flow blocked, cooling fan failure or ambient temperature above the drive's rating.",
    remedy: steps(
      "Check the ambient temperature and the cooling air path through the cabinet.",
      "Check the cooling fan operation and its running hours; replace a worn fan.",
      "Clean the heatsink fins.",
    ),
  },
  {
    code: "4310",
    name: "Excess temperature",
    causes:
      "The power unit module temperature is excessive: overload, high ambient temperature, failed fan or a heatsink clogged with dust.",
    remedy: steps(
      "Check the ambient temperature and the cooling fan.",
      "Clean the heatsink and check the cabinet inlet and outlet filters.",
      "Check the motor load against the drive rating.",
    ),
  },
  {
    code: "4380",
    name: "Excess temperature difference",
    causes:
      "High temperature difference between the IGBTs of different phases: a cooling problem on one part of the power stage, unequal phase currents (motor cable or winding fault), or a failing temperature measurement.",
    remedy: steps(
      "Check the motor cabling and the balance of the three phase currents.",
      "Check the cooling fans and the air flow of all drive modules.",
      "If cooling and motor circuit are healthy, have the power stage checked in the workshop.",
    ),
  },
  {
    code: "4981",
    name: "External temperature 1",
    causes:
      "The temperature measured by the sensor configured in group 35 Motor thermal protection (PTC, Pt100, KTY84 or similar) has exceeded the fault limit: the motor is too hot, its cooling has failed, or the sensor or its wiring is faulty.",
    remedy: steps(
      "Check the motor load, its cooling fan and that the motor fins are clean.",
      "Read the measured temperature in group 35 and compare it with the motor's actual temperature.",
      "Check the sensor type and limits set in group 35 and the sensor wiring.",
    ),
  },
  {
    code: "5090",
    name: "STO hardware failure",
    causes:
      "Safe torque off hardware diagnostics detected a failure, usually the two STO channels disagreeing (one open, one closed): a wiring fault, a failing safety relay contact, or a fault on the control unit or power unit.",
    remedy: steps(
      "Note the auxiliary code shown with the fault.",
      "Check the STO wiring at connector XSTO and that both channels open and close together.",
      "Test the safety relay or emergency-stop contacts that feed the STO inputs.",
      "If the wiring is healthy, the control unit or power unit needs repair; quote the auxiliary code.",
    ),
  },
  {
    code: "5091",
    name: "Safe torque off",
    causes:
      "The safe torque off function is active: the safety circuit connected to XSTO was opened during start or run (emergency stop, guard door switch, safety relay) or a jumper is loose.",
    remedy: steps(
      "Find which safety device opened the STO circuit and clear the cause.",
      "Check the XSTO wiring; if STO is not used, the factory jumpers must be in place.",
      "Reset the drive once the circuit is closed.",
    ),
  },
  {
    code: "6681",
    name: "EFB comm loss",
    causes:
      "Communication break in the embedded fieldbus (Modbus RTU on the drive's EIA-485 terminals): master stopped, broken or noisy cable, wrong termination, or a timeout set too short.",
    remedy: steps(
      "Check that the PLC or master is running and polling the drive.",
      "Check the EIA-485 cable, shield earthing and termination at both ends of the line.",
      "Check the address, baud rate, parity and communication-loss timeout in group 58 Embedded fieldbus.",
    ),
  },
  {
    code: "7081",
    name: "Control panel loss",
    causes:
      "The control panel (or PC tool) selected as the active control location has stopped communicating: panel removed, loose panel cable or a damaged panel port.",
    remedy: steps(
      "Check the panel connection and cable, or reconnect the PC tool.",
      "Check the panel-loss action set in group 49 Panel port communication.",
      "If the panel must be removable during operation, move the control location to the terminals or fieldbus.",
    ),
  },
  {
    code: "7121",
    name: "Motor stall",
    causes:
      "The motor is operating in the stall region: a mechanical jam, a load too heavy for the motor or current limit, or stall supervision limits set too tight.",
    remedy: steps(
      "Check the driven machine for a jam, brake not releasing or overload.",
      "Check the current and torque limits in group 30 Limits against the motor rating.",
      "Review the stall function settings in group 31 Fault functions.",
    ),
  },
  {
    code: "7122",
    name: "Motor overload",
    causes:
      "Motor current has been too high for too long according to the motor thermal protection: mechanical overload, wrong motor data, long running at low speed with a self-cooled motor, or a failed motor fan.",
    remedy: steps(
      "Measure the motor current and compare it with the nameplate current.",
      "Check the driven machine for overload or binding.",
      "Check the motor data in group 99 and the motor thermal protection settings in group 35.",
      "For long periods at low speed, check the motor's cooling (a separately powered fan may be needed).",
    ),
  },
  {
    code: "7310",
    name: "Overspeed",
    causes:
      "The motor is turning faster than the highest allowed speed: minimum and maximum speed limits set too tight, an overhauling load, wrong encoder settings or poorly tuned speed control.",
    remedy: steps(
      "Check the minimum and maximum speed limits in group 30 Limits and the overspeed trip margin in group 31.",
      "Check whether the load can drive the motor (lowering, unwinding) and add braking capacity if needed.",
      "If an encoder is used, check its pulse number, wiring and shield.",
      "Check the speed controller tuning.",
    ),
  },
  {
    code: "7510",
    name: "FBA A communication",
    causes:
      "Cyclic communication between the drive and fieldbus adapter module A, or between the PLC and adapter A, is lost: PLC in stop, network cable fault, adapter module loose or misconfigured.",
    remedy: steps(
      "Check the status of the PLC and the network (PROFIBUS, PROFINET, EtherNet/IP and so on).",
      "Check the cable, connectors and termination, and that the adapter module is seated in its slot.",
      "Check the adapter configuration in group 50 Fieldbus adapter and the adapter's own parameter groups.",
    ),
  },
  {
    code: "80A0",
    name: "AI supervision",
    causes:
      "An analogue input signal is outside the limits set for its supervision: typically a broken 4-20 mA loop, a failed transmitter or a wrong current/voltage selection.",
    remedy: steps(
      "Measure the signal at the drive's analogue input terminals.",
      "Check the transmitter, its supply and the loop wiring for breaks.",
      "Check the input type and supervision limits in group 12 Standard AI.",
    ),
  },
  {
    code: "9081",
    name: "External fault 1",
    causes:
      "Fault reported by external device 1 through the digital input or signal selected as external event source in group 31 Fault functions: a motor thermal relay, lubrication or cooling interlock, or a loose wire in that circuit.",
    remedy: steps(
      "Find which external device is wired to the selected input and clear its fault.",
      "Check the wiring of that input for breaks or loose terminals.",
      "Check the external event source setting in group 31.",
    ),
  },
];

const siemensMm440: FaultCodeSeed[] = [
  {
    code: "F0001",
    name: "Overcurrent",
    causes:
      "Motor power does not match the inverter rating, short circuit in the motor leads, earth fault, wrong motor data or stator resistance, ramp-up time too short, boost set too high, or a blocked or overloaded motor.",
    remedy: steps(
      ISOLATE,
      MEGGER,
      "Check that the motor power (P0307) matches the inverter power (r0206) and that the cable length is within the limits for the inverter.",
      "Check the motor data and the stator resistance (P0350); run motor data identification again if in doubt.",
      "Check that the motor is not blocked or overloaded.",
      "Increase the ramp-up time (P1120) and reduce the boost (P1310, P1311, P1312).",
    ),
  },
  {
    code: "F0002",
    name: "Overvoltage",
    causes:
      "DC-link voltage exceeded the trip level: supply voltage too high, or the motor regenerating during fast ramp-down or when driven by the load.",
    remedy: steps(
      "Check that the supply voltage (P0210) is within the limits on the rating plate.",
      "Check that the Vdc controller is enabled (P1240) and set correctly.",
      "Increase the ramp-down time (P1121) to suit the load inertia.",
      "If the load regenerates regularly, fit a braking resistor of the rating given in the inverter's manual and check that the required braking power is within its limits.",
    ),
  },
  {
    code: "F0003",
    name: "Undervoltage",
    causes: "Main supply failed or dipped, or a shock load outside the specified limits pulled the DC link down.",
    remedy: steps(
      "Check that the supply voltage (P0210) is within the rating-plate limits.",
      "Check the supply for interruptions and dips (loose terminals, DG changeover, large motors starting).",
      "Enable kinetic buffering (P1240 = 2) if the process can ride through short dips.",
    ),
  },
  {
    code: "F0004",
    name: "Inverter overtemperature",
    causes: "Ventilation inadequate, fan not running or ambient temperature too high.",
    remedy: steps(
      "Check that the fan turns when the inverter is running.",
      "Check that the pulse frequency (P1800) is at its default value.",
      "Check the ambient temperature against the inverter's rating and clean the heatsink and air path.",
    ),
  },
  {
    code: "F0005",
    name: "Inverter I²t",
    causes:
      "The inverter is overloaded: the duty cycle is too demanding, or the motor power (P0307) exceeds the inverter power (r0206).",
    remedy: steps(
      "Check that the load duty cycle is within the inverter's overload rating.",
      "Check that the motor power matches the inverter power; a larger inverter may be needed.",
    ),
  },
  {
    code: "F0011",
    name: "Motor overtemperature I²t",
    causes:
      "The motor thermal model shows the motor overloaded: mechanical overload, incorrect motor data or long periods at low speed with a self-cooled motor.",
    remedy: steps(
      "Check the motor load and current.",
      "Check the motor data and that the boost settings (P1310, P1311, P1312) are not too high.",
      "Check the motor thermal time constant (P0611) and the I²t warning level (P0614).",
      "For sustained low-speed duty, provide forced cooling for the motor.",
    ),
  },
  {
    code: "F0012",
    name: "Inverter temperature signal lost",
    causes: "Wire break of the inverter (heatsink) temperature sensor.",
    remedy: steps("Power the inverter off and on.", "If the fault remains, the inverter needs repair."),
  },
  {
    code: "F0015",
    name: "Motor temperature signal lost",
    causes:
      "Open or short circuit of the motor temperature sensor (PTC or KTY84). When the signal is lost, monitoring falls back to the motor thermal model.",
    remedy: steps(
      "Check the sensor wiring from the motor to the inverter terminals.",
      "Measure the sensor resistance at the motor.",
      "Check that the sensor type selected in P0601 matches the sensor fitted.",
    ),
  },
  {
    code: "F0020",
    name: "Mains phase missing",
    causes:
      "One of the three input phases is missing while the pulses are enabled and the drive is loaded: blown fuse, open MCCB or contactor pole, loose input terminal.",
    remedy: steps(
      "Measure the three line voltages at the inverter input.",
      "Check the fuses, MCCB and contactor in the supply.",
      ISOLATE,
      "Tighten the input terminals.",
    ),
  },
  {
    code: "F0021",
    name: "Earth fault",
    causes:
      "The phase currents do not add up to zero: current is flowing to earth through damaged insulation in the motor cable or motor.",
    remedy: steps(ISOLATE, MEGGER, "Inspect the motor terminal box for moisture and tracking."),
  },
  {
    code: "F0022",
    name: "Power stack fault",
    causes:
      "Hardware fault in the power section: DC-link overcurrent from a short-circuited IGBT, a short-circuited braking chopper transistor, an earth fault, or the I/O board not properly inserted.",
    remedy: steps(
      ISOLATE,
      "Check that the I/O board is fully pushed home.",
      MEGGER,
      "Check the braking resistor and its wiring for a short circuit.",
      "If the fault remains with the motor and resistor disconnected, the power stack needs repair.",
    ),
  },
  {
    code: "F0023",
    name: "Output fault",
    causes: "One motor phase is disconnected: loose terminal, open output isolator or contactor pole, broken core or open winding.",
    remedy: steps(
      ISOLATE,
      "Check the motor connections at the inverter and at the motor.",
      "Measure the winding resistances and the continuity of each cable core.",
    ),
  },
  {
    code: "F0030",
    name: "Fan has failed",
    causes: "The inverter's cooling fan is no longer working (worn bearings, jammed by dust or a failed supply).",
    remedy: steps(
      "Check that the fan is free to turn and clean it.",
      "Replace the fan; running without it leads to overtemperature trips and shortens the life of the power stage.",
    ),
  },
  {
    code: "F0035",
    name: "Auto restart after n",
    causes: "The automatic restart made more attempts than set in P1211 without clearing the original fault.",
    remedy: steps(
      "Read the fault history (r0947) to find the fault that caused the restarts.",
      "Correct that fault, then acknowledge.",
    ),
  },
  {
    code: "F0041",
    name: "Motor data identification failure",
    causes:
      "Motor data identification (P1910) failed: motor not connected, the current limit reached during identification, motor data entered wrongly, or the motor connected in the wrong configuration (star instead of delta or the reverse).",
    remedy: steps(
      "Check that the motor is connected and any output contactor is closed during identification.",
      "Check the motor data P0304 to P0311 against the nameplate, including star or delta connection for the supply voltage.",
      "Run the identification again with the motor cold.",
    ),
  },
  {
    code: "F0051",
    name: "Parameter EEPROM fault",
    causes: "Reading or writing the non-volatile parameter memory failed.",
    remedy: steps(
      "Power the inverter off and on.",
      "Restore factory settings and load the parameter set again.",
      "If the fault remains, the inverter needs repair.",
    ),
  },
  {
    code: "F0070",
    name: "CB setpoint fault",
    causes: "No setpoint received from the communication board (PROFIBUS or other option) during the telegram off time.",
    remedy: steps(
      "Check the communication board, its connector and the bus cable.",
      "Check that the master (PLC) is running and sending data to the drive.",
      "Check the telegram off time setting for the communication board.",
    ),
  },
  {
    code: "F0072",
    name: "USS (COMM link) setpoint fault",
    causes: "No setpoint received over USS on the COMM link (RS-485 terminals 29 and 30) during the telegram off time.",
    remedy: steps(
      "Check the USS master and the RS-485 cable, shield and termination.",
      "Check the USS address and baud rate, and the telegram off time (P2014).",
    ),
  },
  {
    code: "F0080",
    name: "ADC lost input signal",
    causes: "Broken wire or analogue input signal out of limits (for example a 4-20 mA loop below its monitoring threshold).",
    remedy: steps(
      "Measure the signal at the analogue input terminals.",
      "Check the transmitter and loop wiring for breaks.",
      "Check the ADC type and monitoring setting (P0756) and the DIP switch for current or voltage input.",
    ),
  },
  {
    code: "F0085",
    name: "External fault",
    causes:
      "An external fault was triggered through a digital input set for external trip (P0701 to P0708 = 29): a thermal relay, interlock or loose wire in that circuit.",
    remedy: steps(
      "Find which digital input is set for external trip and which device is wired to it.",
      "Clear the fault in that device and check the wiring for breaks.",
    ),
  },
  {
    code: "F0090",
    name: "Encoder feedback loss",
    causes: "The signal from the encoder has been lost: broken cable, loose connector, failed encoder or wrong encoder settings.",
    remedy: steps(
      "Check the encoder cable, connector and shield earthing.",
      "Check the encoder type (P0400) and pulses per revolution (P0408).",
      "Check the encoder supply voltage and, if possible, the encoder signals with an oscilloscope.",
    ),
  },
  {
    code: "F0101",
    name: "Stack overflow",
    causes: "Software error or processor failure, sometimes triggered by electrical noise.",
    remedy: steps(
      "Power the inverter off and on.",
      "Check earthing and the separation of control and power cables.",
      "If the fault returns, the control board needs repair.",
    ),
  },
  {
    code: "F0221",
    name: "PID feedback below minimum value",
    causes:
      "The PID feedback signal fell below its minimum limit: failed pressure or flow transmitter, broken loop, or a minimum limit set too close to the normal operating value.",
    remedy: steps(
      "Check the feedback transmitter, its supply and the wiring.",
      "Check the PID feedback minimum limit and the feedback scaling.",
    ),
  },
  {
    code: "F0452",
    name: "Belt failure detected",
    causes:
      "The load torque is outside the envelope set for load torque monitoring: a broken or slipping belt, a dry-running pump or a jammed machine.",
    remedy: steps(
      "Check the belt, coupling and driven machine.",
      "Check the torque envelope of the belt-failure detection against the machine's normal torque at each speed.",
    ),
  },
];

const yaskawa: FaultCodeSeed[] = [
  {
    code: "oC",
    name: "Overcurrent",
    causes:
      "Output current exceeded the overcurrent detection level: motor insulation damaged by overheating, short or earth fault in the motor cable, load too heavy, acceleration or deceleration time too short, a contactor switched on the output, wrong V/f or motor data, or a run command applied while the motor was coasting.",
    remedy: steps(
      ISOLATE,
      MEGGER,
      "Check the load for a jam and measure the current at the instant of the trip (fault trace U2-□□ monitors).",
      "Lengthen the acceleration and deceleration times (C1-01, C1-02).",
      "Check the motor data (E2-□□) and V/f settings, and repeat auto-tuning.",
      "Make sure no output contactor opens or closes while the drive is running; use speed search if the motor may be coasting at start.",
    ),
  },
  {
    code: "GF",
    name: "Ground fault",
    causes:
      "A current to earth exceeded 50 % of the drive's rated output current on the output side: damaged motor or cable insulation, moisture in the terminal box, or high leakage from a long cable.",
    remedy: steps(ISOLATE, MEGGER, "Check the motor terminal box for moisture and tracking.", "If motor and cable test healthy, have the drive's output stage checked."),
  },
  {
    code: "SC",
    name: "Short circuit or IGBT fault",
    causes:
      "The drive detected an output short circuit or an IGBT fault: motor or cable insulation damage, a short between phases, or a failed output transistor.",
    remedy: steps(
      ISOLATE,
      MEGGER,
      "Measure the motor winding resistances for balance.",
      "If the fault appears with the motor disconnected, the output stage has failed and the drive needs repair.",
    ),
  },
  {
    code: "ov",
    name: "Overvoltage",
    causes:
      "DC bus voltage exceeded the overvoltage level (about 820 V DC on 400 V class drives, 410 V DC on 200 V class): deceleration too fast, regenerative or overhauling load, surge on the supply, earth fault on the output, braking resistor not connected, or noise on encoder signals.",
    remedy: steps(
      "Lengthen the deceleration time and check that stall prevention during deceleration (L3-04) is enabled when no braking resistor is fitted.",
      "If a braking resistor or braking unit is fitted, check its wiring and value.",
      "Measure the supply voltage and look for surges from capacitor bank switching.",
      "For hoists, unwinders and other overhauling loads, add a braking resistor or regenerative unit.",
    ),
  },
  {
    code: "Uv1",
    name: "DC bus undervoltage",
    causes:
      "The DC bus voltage fell below the undervoltage detection level (L2-05; about 380 V DC for 400 V class drives) while running: input phase loss, loose input terminals, supply dips or interruptions, a supply transformer too small, or worn internal circuits.",
    remedy: steps(
      "Measure the three input line voltages and check the fuses or MCCB.",
      ISOLATE,
      "Tighten the input terminals.",
      "Check for supply dips when large loads start; set momentary power loss ride-through (L2-01) if the process allows.",
      "If the supply is healthy, have the drive's main circuit checked.",
    ),
  },
  {
    code: "Uv2",
    name: "Control power supply voltage fault",
    causes:
      "The voltage of the drive's control power supply is too low: damaged control power circuit, or momentary power loss ride-through time (L2-02) raised on a small drive without the ride-through unit.",
    remedy: steps(
      "Power the drive off and on.",
      "Return L2-02 to its default if it was raised without the ride-through unit.",
      "If the fault remains, the control power supply or control board needs repair.",
    ),
  },
  {
    code: "Uv3",
    name: "Undervoltage 3 (soft-charge bypass circuit fault)",
    causes: "The soft-charge bypass circuit failed: the magnetic contactor or soft-charge bypass relay in the charging circuit is damaged.",
    remedy: steps(
      "Power the drive off and on.",
      "Check the soft-charge bypass relay maintenance monitor.",
      "If the fault remains, the charging circuit needs repair.",
    ),
  },
  {
    code: "PF",
    name: "Input phase loss",
    causes:
      "The drive's input has an open phase or a large voltage imbalance between phases (detected when L8-05 is enabled): blown fuse, loose terminal, supply imbalance, or worn main circuit capacitors.",
    remedy: steps(
      "Measure the three line voltages and check for imbalance.",
      "Check fuses, MCCB and contactor poles in the supply.",
      ISOLATE,
      "Tighten the input terminals.",
      "If the supply is balanced, have the DC bus capacitors checked.",
    ),
  },
  {
    code: "LF",
    name: "Output phase loss",
    causes:
      "Phase loss on the output side (detected when L8-07 is enabled): output cable disconnected, broken core, open motor winding, loose terminal, a motor much smaller than the drive rating, or a damaged output transistor.",
    remedy: steps(
      ISOLATE,
      "Check the cable and terminals between drive and motor, and any output contactor or isolator.",
      "Measure the motor winding resistances.",
      "Check the motor rating against the drive rating.",
    ),
  },
  {
    code: "oH",
    name: "Heatsink overheat",
    causes:
      "The heatsink temperature exceeded the overheat pre-alarm level (L8-02): high ambient temperature, failed cooling fan, blocked air flow or excessive load.",
    remedy: steps(
      "Check the cabinet temperature and ventilation.",
      "Check that the cooling fan runs; replace it if worn.",
      "Clean the heatsink and check the load current.",
    ),
  },
  {
    code: "oH1",
    name: "Heatsink overheat (overheat 1)",
    causes:
      "The heatsink temperature exceeded the drive's overheat level: failed cooling fan, ambient temperature too high, heatsink clogged, or load too heavy.",
    remedy: steps(
      "Check the cooling fan and the air path; clean the heatsink.",
      "Check the ambient temperature in the cabinet.",
      "Measure the output current and compare it with the drive rating; lower the carrier frequency (C6-02) if it was raised.",
    ),
  },
  {
    code: "oL1",
    name: "Motor overload",
    causes:
      "The electronic motor overload protection tripped: load too heavy, acceleration or cycle times too short, long operation at low speed with a general-purpose motor, motor rated current (E2-01) or motor protection selection (L1-01) set wrongly, or several motors on one drive.",
    remedy: steps(
      "Measure the motor current and compare it with the nameplate.",
      "Check E2-01 against the nameplate and L1-01 against the motor type.",
      "Check the driven machine for overload.",
      "For sustained low-speed duty, use a motor with forced cooling.",
    ),
  },
  {
    code: "oL2",
    name: "Drive overload",
    causes:
      "The drive's thermal protection operated: load too heavy, acceleration or deceleration too short, a large load at low speed, carrier frequency too high, or the wrong duty selection (C6-01, Heavy or Normal Duty) for the application.",
    remedy: steps(
      "Measure the output current and compare it with the drive rating for the selected duty.",
      "Lengthen the ramps and reduce the load at low speed.",
      "Check C6-01 and the carrier frequency (C6-02).",
      "If the application needs it, use a larger drive.",
    ),
  },
  {
    code: "oL3",
    name: "Overtorque detection 1",
    causes:
      "The current (or torque) exceeded the level set in L6-02 for longer than the time in L6-03: a jammed or overloaded machine, or detection settings that do not suit the process.",
    remedy: steps(
      "Check the driven machine for a jam, a dragging brake or overload.",
      "Check L6-01 to L6-03 against the machine's normal running current.",
    ),
  },
  {
    code: "rr",
    name: "Dynamic braking transistor",
    causes: "The built-in dynamic braking transistor failed, often after a braking resistor of too low a value or a shorted resistor.",
    remedy: steps(
      ISOLATE,
      "Disconnect the braking resistor and measure its value against the minimum allowed for the drive.",
      "Check the resistor cable for short circuits.",
      "Power the drive off and on; if the fault remains, the braking transistor has failed and the drive needs repair.",
    ),
  },
  {
    code: "PGo",
    name: "PG disconnect",
    causes:
      "No encoder (PG) pulses were received for longer than F1-14: encoder cable broken or wrongly wired, encoder supply missing, motor held by a brake, or a failed encoder or PG option card.",
    remedy: steps(
      "Check that the motor brake releases when the drive runs.",
      "Check the encoder cable, connectors and shield, and the encoder supply voltage.",
      "Check the PG option card and the encoder itself.",
    ),
  },
  {
    code: "oS",
    name: "Overspeed",
    causes:
      "Motor speed feedback exceeded the overspeed level F1-08 for longer than F1-09: speed overshoot from poor tuning, wrong encoder pulse count (F1-01), or an overhauling load.",
    remedy: steps(
      "Check the encoder pulse count against the encoder fitted.",
      "Check the speed control loop gains and the acceleration and deceleration times.",
      "Check F1-08 and F1-09 against the process.",
    ),
  },
  {
    code: "dEv",
    name: "Excessive speed deviation",
    causes:
      "The difference between speed reference and speed feedback exceeded F1-10 for longer than F1-11: load too heavy, ramps too short, load locked, motor brake not released, or a wrong encoder pulse count.",
    remedy: steps(
      "Check the machine for a jam and that the brake releases.",
      "Lengthen the acceleration and deceleration times.",
      "Check the encoder pulse count and wiring.",
      "Check F1-10 and F1-11 against the process.",
    ),
  },
  {
    code: "CE",
    name: "MEMOBUS/Modbus communication error",
    causes:
      "No control data received for the CE detection time (H5-09): master stopped, broken or noisy RS-485 cable, missing termination, or wrong communication settings.",
    remedy: steps(
      "Check that the master (PLC or SCADA) is running and polling the drive.",
      "Check the RS-485 cable, shield earthing and termination resistor switch.",
      "Check the node address, baud rate and parity in the H5 parameters.",
    ),
  },
  {
    code: "bUS",
    name: "Option communication error",
    causes:
      "After communication with a fieldbus option card was established, the connection was lost: master stopped, cable or connector fault, noise, or a damaged option card.",
    remedy: steps(
      "Check the master and the network status.",
      "Check the network cable, connectors and termination.",
      "Check the option card is fully seated; replace it if the fault remains.",
    ),
  },
  {
    code: "EF0",
    name: "Option card external fault",
    causes: "An external fault was sent from the PLC through the communication option card.",
    remedy: steps(
      "Find and clear the cause of the external fault in the PLC program.",
      "Check the setting of F6-03 (stopping method for an external fault from the option card).",
    ),
  },
  {
    code: "EF1-EF8",
    name: "External fault (input terminal S1 to S8)",
    causes:
      "A digital input set for external fault (H1-□□ = 20 to 2F) was activated by an external device; EF1 to EF8 correspond to terminals S1 to S8 (S1 to S7 on V1000).",
    remedy: steps(
      "Find which device is wired to the terminal shown and clear its fault.",
      "Check the wiring for breaks and the input setting (normally open or normally closed).",
    ),
  },
  {
    code: "oPr",
    name: "Operator connection fault",
    causes:
      "The keypad (digital operator) was disconnected while it was the source of the run command, with o2-06 set to stop the drive.",
    remedy: steps(
      "Check the keypad connection and cable.",
      "If the keypad must be removable during operation, take the run command from the terminals or network.",
    ),
  },
];

const mitsubishi: FaultCodeSeed[] = [
  {
    code: "E.OC1",
    name: "Overcurrent trip during acceleration",
    causes:
      "Output current reached the overcurrent level during acceleration: acceleration too fast, torque boost too high, output short circuit or earth fault, base frequency set to 60 Hz for a 50 Hz motor, or stall prevention level set too high.",
    remedy: steps(
      "Lengthen the acceleration time (Pr.7).",
      "Reduce the torque boost (Pr.0) in V/F control.",
      "Check that the base frequency (Pr.3) matches the motor (50 Hz for Indian motors).",
      "Check the stall prevention operation level (Pr.22) and selection (Pr.156).",
      ISOLATE,
      MEGGER,
    ),
  },
  {
    code: "E.OC2",
    name: "Overcurrent trip during constant speed",
    causes:
      "Output current reached the overcurrent level at constant speed: sudden load change, output short circuit or earth fault, or stall prevention level set too high.",
    remedy: steps(
      "Check the machine for sudden load changes or jams.",
      "Check the stall prevention settings (Pr.22, Pr.156).",
      ISOLATE,
      MEGGER,
    ),
  },
  {
    code: "E.OC3",
    name: "Overcurrent trip during deceleration or stop",
    causes:
      "Output current reached the overcurrent level during deceleration or at stop: deceleration too fast, output short circuit or earth fault, mechanical brake of the motor closing too early, or stall prevention level set too high.",
    remedy: steps(
      "Lengthen the deceleration time (Pr.8).",
      "Check the timing of the motor's mechanical brake.",
      ISOLATE,
      MEGGER,
    ),
  },
  {
    code: "E.OV1",
    name: "Regenerative overvoltage trip during acceleration",
    causes:
      "DC bus voltage reached the overvoltage level during acceleration, from energy fed back by the load (for example a lift accelerating downwards) or from a surge on the supply.",
    remedy: steps(
      "Shorten the acceleration time if the load is driving the motor during acceleration.",
      "Use the regeneration avoidance function (Pr.882).",
      "Check the supply for surges, for example from capacitor bank switching.",
    ),
  },
  {
    code: "E.OV2",
    name: "Regenerative overvoltage trip during constant speed",
    causes: "DC bus voltage reached the overvoltage level at constant speed: the load drives the motor (overhauling load, sudden load change) or a supply surge.",
    remedy: steps(
      "Keep the load steady and check for overhauling conditions.",
      "Use the regeneration avoidance function (Pr.882).",
      "Fit a brake resistor, brake unit or power regeneration converter where the load regenerates.",
    ),
  },
  {
    code: "E.OV3",
    name: "Regenerative overvoltage trip during deceleration or stop",
    causes: "DC bus voltage reached the overvoltage level during deceleration: deceleration too fast for the load inertia, or a supply surge.",
    remedy: steps(
      "Lengthen the deceleration time (Pr.8) to suit the load inertia.",
      "Use the regeneration avoidance function (Pr.882).",
      "Fit a brake resistor or brake unit and set the regenerative function selection (Pr.30) and, for a resistor, the special regenerative brake duty (Pr.70).",
    ),
  },
  {
    code: "E.THT",
    name: "Inverter overload trip (electronic thermal O/L relay function)",
    causes:
      "The inverter's electronic thermal protection for its output transistors operated: acceleration or deceleration too short, torque boost too high, load pattern selection wrong, motor overloaded, or a high carrier (PWM) frequency.",
    remedy: steps(
      "Lengthen the acceleration and deceleration times.",
      "Reduce the torque boost (Pr.0) and check the load pattern selection (Pr.14).",
      "Reduce the load, or the PWM frequency (Pr.72).",
      "If the duty requires it, use an inverter of larger capacity.",
    ),
  },
  {
    code: "E.THM",
    name: "Motor overload trip (electronic thermal O/L relay function)",
    causes:
      "The electronic thermal O/L relay detected motor overheating: motor overloaded, long operation at low speed with a standard motor, electronic thermal setting (Pr.9) or applied motor (Pr.71) set wrongly.",
    remedy: steps(
      "Reduce the load and check the machine for binding.",
      "Set Pr.9 to the motor's rated current.",
      "Set Pr.71 to the motor type (for example constant-torque motor) so the protection follows the motor's cooling.",
    ),
  },
  {
    code: "E.FIN",
    name: "Heatsink overheat",
    causes: "The heatsink overheated: ambient temperature too high, heatsink clogged, cooling fan stopped, or sustained overload.",
    remedy: steps(
      "Check the ambient temperature against the inverter's rating.",
      "Clean the heatsink.",
      "Check the cooling fan and replace it if it has stopped or is noisy.",
      "Check the load current.",
    ),
  },
  {
    code: "E.IPF",
    name: "Instantaneous power failure",
    causes: "A supply interruption longer than the inverter can ride through, including opening of the input contactor while running.",
    remedy: steps(
      "Find the cause of the supply interruption (DG changeover, feeder trip, loose terminals).",
      "Set automatic restart after instantaneous power failure (Pr.57) if the process allows it.",
    ),
  },
  {
    code: "E.UVT",
    name: "Undervoltage",
    causes:
      "The supply voltage fell too low for normal operation: weak supply, a large motor starting on the same supply, or the jumper across terminals P/+ and P1 missing when no DC reactor is fitted.",
    remedy: steps(
      "Measure the supply voltage during the trip conditions.",
      "Check the supply capacity and equipment starting on the same feeder.",
      ISOLATE,
      "Check the jumper across P/+ and P1 (or the DC reactor connections).",
    ),
  },
  {
    code: "E.ILF",
    name: "Input phase loss",
    causes:
      "One of the three input phases is lost or there is a large imbalance between phases (when input phase loss protection, Pr.872, is enabled).",
    remedy: steps(
      "Measure the three line voltages.",
      "Check the fuses, MCCB and contactor poles in the supply.",
      ISOLATE,
      "Tighten the input terminals.",
    ),
  },
  {
    code: "E.OLT",
    name: "Stall prevention stop",
    causes: "The output frequency fell to a very low value through stall prevention operation and stayed there: motor overloaded or jammed, or the stall prevention level (Pr.22) set too low.",
    remedy: steps(
      "Check the machine for a jam or overload.",
      "Check the stall prevention operation level (Pr.22) against the motor's needs.",
    ),
  },
  {
    code: "E.BE",
    name: "Brake transistor alarm detection",
    causes:
      "A fault in the brake circuit, such as a damaged brake transistor, often after frequent heavy braking or a brake resistor of too low a value.",
    remedy: steps(
      ISOLATE,
      "Disconnect and measure the brake resistor; check it is the value specified for the inverter.",
      "Reduce the load inertia or the braking duty.",
      "If the fault remains, the inverter needs repair.",
    ),
  },
  {
    code: "E.GF",
    name: "Output side earth (ground) fault overcurrent",
    causes: "An earth fault on the output side caused an earth fault current: damaged cable or motor insulation.",
    remedy: steps(
      ISOLATE,
      MEGGER,
      "Check the motor terminal box for moisture and tracking.",
      "Earth fault detection at start is set in Pr.249.",
    ),
  },
  {
    code: "E.LF",
    name: "Output phase loss",
    causes:
      "One of the three output phases (U, V, W) is lost (when output phase loss protection, Pr.251, is enabled): loose terminal, broken core, open winding, or a motor much smaller than the inverter.",
    remedy: steps(
      ISOLATE,
      "Check the wiring and terminals between inverter and motor.",
      "Measure the motor winding resistances.",
      "Check that the motor capacity is not much smaller than the inverter's.",
    ),
  },
  {
    code: "E.OHT",
    name: "External thermal relay operation",
    causes:
      "The external thermal relay or motor-mounted temperature relay wired to the input assigned to the OH signal (input terminal function 7) opened.",
    remedy: steps(
      "Check the motor temperature and load.",
      "Check the thermal relay setting and wiring.",
      "Reset once the motor has cooled.",
    ),
  },
  {
    code: "E.PTC",
    name: "PTC thermistor operation",
    causes: "The motor PTC thermistor connected to the inverter indicated motor overheating for the detection time.",
    remedy: steps(
      "Check the motor temperature, load and cooling fan.",
      "Check the thermistor wiring and the PTC thermistor protection level setting.",
    ),
  },
  {
    code: "E.OP1",
    name: "Communication option fault",
    causes: "A communication line fault on the communication option (for example CC-Link or PROFIBUS): cable, connector, termination or master problem.",
    remedy: steps(
      "Check the network cable, connectors and terminating resistors.",
      "Check the master station and the option's station number and settings.",
      "Check that the option is fully seated.",
    ),
  },
  {
    code: "E.PE",
    name: "Parameter storage device fault (control circuit board)",
    causes: "A fault in the stored parameters (EEPROM), sometimes from too many parameter writes over communication.",
    remedy: steps(
      "If parameters are written often over communication, set Pr.342 so that they are written to RAM instead of EEPROM.",
      "Reset and check the parameters.",
      "If the fault remains, the control circuit board needs repair.",
    ),
  },
  {
    code: "E.PUE",
    name: "PU disconnection",
    causes:
      "Communication between the operation panel (PU) and the inverter was interrupted while disconnected-PU detection is selected in Pr.75, or communication errors on the PU connector exceeded the retry count.",
    remedy: steps(
      "Check the operation panel and its cable connection.",
      "Check the Pr.75 setting.",
      "Check the RS-485 communication settings if the PU connector is used for communication.",
    ),
  },
  {
    code: "E.RET",
    name: "Retry count excess",
    causes: "Operation could not be resumed within the number of retries set in Pr.67.",
    remedy: steps("Read the fault history to find the fault that caused the retries.", "Correct that fault before resetting."),
  },
  {
    code: "E.CPU",
    name: "CPU fault",
    causes: "A fault of the built-in CPU or its communication, often triggered by electrical noise.",
    remedy: steps(
      "Check for sources of heavy electrical noise near the inverter and the separation of control and power cables.",
      "Check the earthing of the inverter.",
      "Power off and on; if the fault remains, the inverter needs repair.",
    ),
  },
  {
    code: "E.OS",
    name: "Overspeed occurrence",
    causes:
      "The motor speed exceeded the overspeed detection level (Pr.374) under encoder feedback or vector control: an overhauling load, wrong encoder settings or poor speed control tuning.",
    remedy: steps(
      "Check Pr.374 against the process.",
      "Check the encoder pulse count setting and wiring.",
      "Check the speed control gain and for loads that can drive the motor.",
    ),
  },
];

const delta: FaultCodeSeed[] = [
  {
    code: "ocA",
    name: "Over-current during acceleration",
    causes:
      "Output current exceeded the over-current level during acceleration: acceleration time too short, torque boost too high, short circuit or earth fault on the output, motor too large for the drive, or a contactor switching on the output.",
    remedy: steps(
      "Lengthen the acceleration time (Pr.01-12).",
      "Reduce torque compensation and check the V/F settings.",
      ISOLATE,
      MEGGER,
      "Check the drive capacity against the motor.",
    ),
  },
  {
    code: "ocd",
    name: "Over-current during deceleration",
    causes: "Output current exceeded the over-current level during deceleration: deceleration time too short, short circuit or earth fault on the output, or a contactor switching on the output.",
    remedy: steps("Lengthen the deceleration time (Pr.01-13).", ISOLATE, MEGGER),
  },
  {
    code: "ocn",
    name: "Over-current during steady status operation",
    causes: "Output current exceeded the over-current level at constant speed: a sudden load change or jam, or a short circuit or earth fault on the output.",
    remedy: steps("Check the machine for jams or shock loads.", ISOLATE, MEGGER),
  },
  {
    code: "ocS",
    name: "Over-current at stop",
    causes: "Over-current detected while the drive is stopped: a hardware fault in the current detection circuit, or electrical noise.",
    remedy: steps(
      "Power the drive off and on.",
      "Check earthing and the separation of control and power cables.",
      "If the fault remains, the current detection circuit needs repair.",
    ),
  },
  {
    code: "GFF",
    name: "Ground fault",
    causes: "An output terminal is earthed: damaged motor or cable insulation, moisture in the terminal box, or a failed output stage.",
    remedy: steps(ISOLATE, MEGGER, "Check the motor terminal box for moisture and tracking.", "If motor and cable test healthy, have the drive checked."),
  },
  {
    code: "occ",
    name: "IGBT short-circuit detection",
    causes: "A short circuit was detected between the upper and lower arms of the IGBT module, or on the output.",
    remedy: steps(
      ISOLATE,
      MEGGER,
      "Do not power the drive repeatedly with the fault present; if the motor and cable are healthy, the IGBT module needs workshop repair.",
    ),
  },
  {
    code: "ovA",
    name: "Over-voltage during acceleration",
    causes: "DC bus over-voltage during acceleration: supply voltage too high or surges on it, a load driving the motor, or an earth fault on the output.",
    remedy: steps(
      "Measure the supply voltage and look for surges from capacitor bank switching.",
      "Check whether the load drives the motor during acceleration.",
      ISOLATE,
      MEGGER,
    ),
  },
  {
    code: "ovd",
    name: "Over-voltage during deceleration",
    causes: "DC bus over-voltage during deceleration: deceleration too fast for the load inertia, no braking resistor, or supply surges.",
    remedy: steps(
      "Lengthen the deceleration time (Pr.01-13).",
      "Fit a braking resistor or braking unit of the rating recommended for the drive.",
      "Check the supply voltage.",
    ),
  },
  {
    code: "ovn",
    name: "Over-voltage at constant speed",
    causes: "DC bus over-voltage at constant speed: an overhauling or regenerating load, or supply voltage too high.",
    remedy: steps("Check the load for regeneration and add braking capacity if needed.", "Check the supply voltage."),
  },
  {
    code: "ovS",
    name: "Over-voltage at stop",
    causes: "DC bus over-voltage while stopped: supply voltage too high or transients on the supply (for example capacitor bank switching).",
    remedy: steps("Measure the supply voltage and check the drive's voltage class.", "Check for supply transients and consider an input reactor."),
  },
  {
    code: "LvA",
    name: "Low voltage during acceleration",
    causes: "DC bus voltage fell below the low-voltage level (Pr.06-00) during acceleration: supply dip, input phase loss, or a supply too weak for the starting load.",
    remedy: steps("Measure the supply voltage and check for phase loss.", "Check the supply capacity and the cables feeding the drive."),
  },
  {
    code: "Lvd",
    name: "Low voltage during deceleration",
    causes: "DC bus voltage fell below the low-voltage level (Pr.06-00) during deceleration: supply dip or interruption, or input phase loss.",
    remedy: steps("Measure the supply voltage and check for phase loss.", "Check the input fuses and terminals."),
  },
  {
    code: "Lvn",
    name: "Low voltage at constant speed",
    causes: "DC bus voltage fell below the low-voltage level (Pr.06-00) while running: supply dip, input phase loss, or a large load starting on the same supply.",
    remedy: steps("Measure the supply voltage and check for phase loss.", "Check for supply dips when other large loads start."),
  },
  {
    code: "LvS",
    name: "Low voltage at stop",
    causes: "DC bus voltage below the low-voltage level while stopped: supply voltage too low, a missing phase, or a fault in the charging circuit.",
    remedy: steps(
      "Measure the supply voltage and check it matches the drive's voltage class.",
      "Check the input fuses and terminals.",
      "If the supply is healthy, have the charging circuit checked.",
    ),
  },
  {
    code: "OrP",
    name: "Phase loss protection",
    causes: "Input phase loss or severe supply imbalance, seen as excessive ripple on the DC bus: blown fuse, loose input terminal, failed contactor pole, or aged DC bus capacitors.",
    remedy: steps(
      "Measure the three line voltages for loss or imbalance.",
      ISOLATE,
      "Check the fuses, MCCB, contactor poles and input terminals.",
      "If the supply is balanced, have the DC bus capacitors checked.",
    ),
  },
  {
    code: "oH1",
    name: "IGBT over-heat",
    causes: "IGBT temperature exceeded the protection level: high ambient, heatsink clogged, cooling fan failed, overload or a high carrier frequency.",
    remedy: steps(
      "Check the ambient temperature and cabinet ventilation.",
      "Clean the heatsink and check the cooling fan.",
      "Check the load current and reduce the carrier frequency if it was raised.",
    ),
  },
  {
    code: "oL",
    name: "Over-load",
    causes: "The drive detected excessive output current for too long (drive overload): load too heavy, ramps too short, or a drive too small for the duty.",
    remedy: steps(
      "Measure the output current and compare it with the drive rating.",
      "Lengthen the ramps and check the machine for binding.",
      "If the duty requires it, use a larger drive.",
    ),
  },
  {
    code: "EoL1",
    name: "Electronic thermal relay 1 protection",
    causes: "The electronic thermal relay for motor 1 operated: motor overloaded, long low-speed running with a self-cooled motor, or motor data or thermal relay settings wrong.",
    remedy: steps(
      "Measure the motor current and compare it with the nameplate.",
      "Check the motor rated current (group 05) and the electronic thermal relay settings (group 06).",
      "Check the machine for overload; provide forced cooling for sustained low-speed duty.",
    ),
  },
  {
    code: "cF1",
    name: "EEPROM write error",
    causes: "The internal EEPROM could not be written.",
    remedy: steps(
      "Power the drive off and on and check whether parameters were saved.",
      "Restore factory settings and re-enter the parameters.",
      "If the fault remains, the control board needs repair.",
    ),
  },
  {
    code: "ACE",
    name: "ACI loss",
    causes: "The analogue current input (ACI, 4-20 mA) signal was lost: broken loop, failed transmitter, or wrong input mode.",
    remedy: steps(
      "Measure the current at the ACI terminal.",
      "Check the transmitter, its supply and the loop wiring.",
      "Check the ACI input mode and the loss treatment setting.",
    ),
  },
  {
    code: "EF",
    name: "External fault",
    causes: "A multi-function input set as external fault (EF) was activated by an external device.",
    remedy: steps("Find the device wired to that input and clear its fault.", "Check the wiring and the input's contact type (normally open or closed)."),
  },
  {
    code: "EF1",
    name: "Emergency stop",
    causes: "A multi-function input set as emergency stop was activated.",
    remedy: steps("Find which emergency-stop device operated and clear it.", "Check the wiring of the input for breaks."),
  },
  {
    code: "CE10",
    name: "Modbus transmission time-out",
    causes: "Modbus (RS-485) communication timed out: master stopped, broken or noisy cable, missing termination, or the time-out set too short.",
    remedy: steps(
      "Check the master (PLC or HMI) is polling the drive.",
      "Check the RS-485 cable, shield earthing and termination.",
      "Check the communication address, baud rate, format and time-out settings (group 09).",
    ),
  },
  {
    code: "PGF1",
    name: "PG feedback error",
    causes: "Encoder (PG) feedback error: encoder settings wrong for the encoder fitted, or wiring faults.",
    remedy: steps(
      "Check the encoder type and pulse count settings (group 10).",
      "Check the encoder wiring to the PG card and the direction of the A and B channels.",
    ),
  },
  {
    code: "PGF2",
    name: "PG feedback loss",
    causes: "The encoder (PG) signal was lost: broken cable, loose connector, failed encoder supply or encoder.",
    remedy: steps(
      "Check the encoder cable, connectors and shield earthing.",
      "Check the encoder supply voltage on the PG card.",
      "Check the encoder and the PG card.",
    ),
  },
];

const schneider: FaultCodeSeed[] = [
  {
    code: "OCF",
    name: "Overcurrent",
    causes: "Motor control parameters incorrect, inertia or load too high, or the machine mechanically locked.",
    remedy: steps(
      "Check the motor parameters against the nameplate and repeat auto-tuning.",
      "Check the sizes of motor, drive and load.",
      "Check the state of the mechanism (jams, seized bearings, brake).",
      "Reduce [Current limitation] (CLI) or increase the switching frequency (SFr) if the application allows.",
    ),
  },
  {
    code: "SCF1",
    name: "Motor short circuit",
    causes: "Short circuit or earth fault at the drive output.",
    remedy: steps(
      ISOLATE,
      MEGGER,
      "Check the output cable route and the motor terminal box.",
      "With long cables, reduce the switching frequency or add motor chokes.",
    ),
  },
  {
    code: "SCF3",
    name: "Ground short circuit",
    causes: "Significant earth leakage current at the drive output: an earth fault in cable or motor, or several motors connected in parallel with long cables.",
    remedy: steps(
      ISOLATE,
      MEGGER,
      "With several motors in parallel or long cables, reduce the switching frequency or add chokes in series with the motor.",
    ),
  },
  {
    code: "SCF4",
    name: "IGBT short circuit",
    causes: "An internal power component fault was detected at power-up.",
    remedy: steps(ISOLATE, MEGGER, "If the motor circuit is healthy, the drive's power stage has failed and needs repair."),
  },
  {
    code: "OSF",
    name: "Mains overvoltage",
    causes: "Line voltage too high, or a disturbed line supply.",
    remedy: steps("Measure the line voltage and check it is within the drive's rating.", "Look for transients from capacitor bank switching; consider a line choke."),
  },
  {
    code: "USF",
    name: "Undervoltage",
    causes: "Line supply too low, or a transient voltage dip.",
    remedy: steps(
      "Measure the line voltage.",
      "Check for dips when other large loads start and for loose input terminals.",
      "Check the undervoltage fault management setting against the process needs.",
    ),
  },
  {
    code: "OHF",
    name: "Drive overheat",
    causes: "The drive temperature is too high: overload, high ambient, blocked ventilation or a failed fan.",
    remedy: steps(
      "Check the motor load and the drive's ventilation.",
      "Check the ambient temperature and clean the heatsink and cabinet filters.",
      "Wait for the drive to cool before resetting.",
    ),
  },
  {
    code: "OLF",
    name: "Motor overload",
    causes: "Triggered by excessive motor current for too long according to the motor thermal model.",
    remedy: steps(
      "Check the motor thermal protection setting (ItH) against the nameplate current.",
      "Check the motor load and the machine for binding.",
      "Wait for the motor to cool before resetting.",
    ),
  },
  {
    code: "OPF1",
    name: "1 output phase loss",
    causes: "Loss of one phase at the drive output: loose terminal, broken core or open winding.",
    remedy: steps(ISOLATE, "Check the connections from the drive to the motor.", "Measure the motor winding resistances."),
  },
  {
    code: "OPF2",
    name: "3 output phase loss",
    causes: "Motor not connected or of too low a power, an output contactor open, or instability of the motor current.",
    remedy: steps(
      "Check the connections from the drive to the motor.",
      "If an output contactor is used, set [Output phase loss] (OPL) to [Output cut] (OAC).",
      "When testing with a much smaller motor or no motor, output phase loss detection has to be disabled for the test and re-enabled afterwards.",
    ),
  },
  {
    code: "PHF",
    name: "Input phase loss",
    causes: "Drive incorrectly supplied or a fuse blown, failure of one phase, a three-phase drive used on a single-phase supply, or an unbalanced load. The protection acts only with the drive on load.",
    remedy: steps("Measure the three line voltages.", "Check the power connection and the fuses.", "Use a three-phase supply for a three-phase drive."),
  },
  {
    code: "ObF",
    name: "Overbraking (ATV630: DC bus overvoltage)",
    causes: "Braking too sudden or a driving (overhauling) load raised the DC bus voltage.",
    remedy: steps(
      "Increase the deceleration time.",
      "Fit a braking resistor if needed.",
      "Activate deceleration ramp adaptation (brA) if it suits the application.",
    ),
  },
  {
    code: "SOF",
    name: "Overspeed",
    causes: "Instability, or a driving load too high.",
    remedy: steps(
      "Check the motor, gain and stability parameters.",
      "Add a braking resistor if the load drives the motor.",
      "Check the sizes of motor, drive and load.",
    ),
  },
  {
    code: "tnF",
    name: "Auto-tuning",
    causes: "Auto-tuning failed: a special motor or a motor power not suited to the drive, motor not connected, or motor not stopped.",
    remedy: steps(
      "Check that the motor and drive are compatible.",
      "Check the motor is connected during auto-tuning, and close any output contactor.",
      "Check the motor is completely stopped before auto-tuning.",
    ),
  },
  {
    code: "CrF1",
    name: "Precharge",
    causes: "Charging relay control fault or a damaged charging resistor.",
    remedy: steps("Power the drive off and on.", "Check the stability of the main supply.", "If the fault remains, the charging circuit needs repair."),
  },
  {
    code: "InF1",
    name: "Rating error",
    causes: "The power board is different from the one stored in the drive.",
    remedy: steps("Check the reference of the power board, particularly after a board has been replaced."),
  },
  {
    code: "InFE",
    name: "Internal CPU",
    causes: "Internal microprocessor fault.",
    remedy: steps("Power the drive off and on.", "Check earthing and noise sources near the control wiring.", "If the fault remains, the control board needs repair."),
  },
  {
    code: "EPF1",
    name: "External fault LI/Bit",
    causes: "An event triggered by an external device, depending on the user setting, through a logic input or a control bit.",
    remedy: steps("Check the device that caused the trip and clear it.", "Reset the drive."),
  },
  {
    code: "EPF2",
    name: "External fault com",
    causes: "An external fault triggered over the communication network.",
    remedy: steps("Check the cause in the PLC or network master.", "Reset the drive."),
  },
  {
    code: "SLF1",
    name: "Modbus communication",
    causes: "Interruption in communication on the Modbus network.",
    remedy: steps(
      "Check the communication bus connections and termination.",
      "Check the Modbus time-out setting.",
      "Check the Modbus master.",
    ),
  },
  {
    code: "CnF",
    name: "Com. network",
    causes: "Communication interruption on the fieldbus communication card.",
    remedy: steps(
      "Check the environment for electromagnetic interference and the cable shields.",
      "Check the wiring and the time-out setting.",
      "Replace the option card if the fault remains.",
    ),
  },
  {
    code: "LFF3",
    name: "AI3 4-20 mA loss",
    causes: "Loss of the 4-20 mA reference on analogue input AI3: broken loop or failed transmitter.",
    remedy: steps("Check the connection on analogue input AI3.", "Check the transmitter and its supply."),
  },
];

const powerFlex525: FaultCodeSeed[] = [
  {
    code: "F2",
    name: "Auxiliary In",
    causes: "External trip (auxiliary) input: a digital input set as auxiliary fault opened, or a fault was commanded over communications.",
    remedy: steps("Check the remote wiring and the device connected to the auxiliary input.", "Check the communication programming for an intentional fault."),
  },
  {
    code: "F3",
    name: "Power Loss",
    causes: "Single-phase operation detected with excessive load: a missing input phase.",
    remedy: steps(
      "Monitor the incoming AC line for low voltage or interruption.",
      "Check the input fuses.",
      "Reduce the load.",
    ),
  },
  {
    code: "F4",
    name: "UnderVoltage",
    causes: "DC bus voltage fell below the minimum value.",
    remedy: steps("Monitor the incoming AC line for low voltage or line power interruption.", "Check the input terminals and fuses."),
  },
  {
    code: "F5",
    name: "OverVoltage",
    causes: "DC bus voltage exceeded the maximum value: high line voltage, transients, or regeneration from the motor.",
    remedy: steps(
      "Monitor the AC line for high voltage or transient conditions.",
      "Extend the deceleration time.",
      "Install a dynamic brake option if the motor regenerates.",
    ),
  },
  {
    code: "F6",
    name: "Motor Stalled",
    causes: "The drive is unable to accelerate or decelerate the motor: current held at the current limit for too long.",
    remedy: steps(
      "Increase the acceleration time (P041 and the other Accel Time parameters) or reduce the load.",
      "Check the current limit settings (A484, A485).",
      "Check for an overhauling load.",
    ),
  },
  {
    code: "F7",
    name: "Motor Overload",
    causes: "Internal electronic overload trip: excessive motor load.",
    remedy: steps(
      "Reduce the load so that the output current does not exceed P033 [Motor OL Current].",
      "Check P033 against the motor nameplate.",
      "Verify the A530 [Boost Select] setting.",
    ),
  },
  {
    code: "F8",
    name: "Heatsink OvrTmp",
    causes: "Heatsink or power module temperature exceeded a predefined value.",
    remedy: steps(
      "Check for blocked or dirty heatsink fins.",
      "Check that the ambient temperature is within the drive's rating.",
      "Check the fan.",
    ),
  },
  {
    code: "F9",
    name: "CC OvrTmp",
    causes: "Control module temperature exceeded a predefined value.",
    remedy: steps("Check the ambient temperature.", "Check for airflow obstruction, dirt or debris.", "Check the fan."),
  },
  {
    code: "F12",
    name: "HW OverCurrent",
    causes: "The drive output current exceeded the hardware current limit: excess load, boost setting, DC brake voltage set too high, or a short circuit on the output.",
    remedy: steps(
      "Check the programming, including A530 [Boost Select] and the DC brake level.",
      "Check for excess load.",
      ISOLATE,
      MEGGER,
    ),
  },
  {
    code: "F13",
    name: "Ground Fault",
    causes: "A current path to earth was detected at one or more of the drive output terminals.",
    remedy: steps(ISOLATE, MEGGER, "Check the motor and external wiring to the drive output terminals for an earthed condition."),
  },
  {
    code: "F15",
    name: "Load Loss",
    causes: "Output torque current stayed below A490 [Load Loss Level] for longer than A491 [Load Loss Time]: broken coupling or belt, or a dry-running pump.",
    remedy: steps("Check the connection between motor and load.", "Check the level and time settings against the process."),
  },
  {
    code: "F21",
    name: "Output Ph Loss",
    causes: "Output phase loss (when enabled with A557).",
    remedy: steps(ISOLATE, "Check the motor wiring.", "Check the motor windings."),
  },
  {
    code: "F29",
    name: "Analog In Loss",
    causes: "An analogue input configured to fault on signal loss lost its signal (set with t094 or t097).",
    remedy: steps("Check for broken or loose connections at the inputs.", "Check the transmitter and the input parameters."),
  },
  {
    code: "F33",
    name: "Auto Rstrt Tries",
    causes: "The drive could not reset a fault and resume running within the number of attempts set in A541 [Auto Rstrt Tries].",
    remedy: steps("Find the original fault in the fault history.", "Correct its cause and clear the fault manually."),
  },
  {
    code: "F38",
    name: "Phase U to Gnd",
    causes: "A phase-to-earth fault was detected between the drive and motor in phase U (F39 and F40 are the same for phases V and W).",
    remedy: steps(ISOLATE, "Check the wiring between the drive and the motor.", MEGGER, "Replace the drive if the fault cannot be cleared with a healthy motor circuit."),
  },
  {
    code: "F41",
    name: "Phase UV Short",
    causes: "Excessive current between output terminals U and V (F42 is U-W, F43 is V-W).",
    remedy: steps(ISOLATE, "Check the motor and drive output wiring for a short circuit.", MEGGER, "Replace the drive if the fault cannot be cleared."),
  },
  {
    code: "F48",
    name: "Params Defaulted",
    causes: "The drive was commanded to write default values to its memory.",
    remedy: steps("Clear the fault or cycle power.", "Program the drive parameters again."),
  },
  {
    code: "F59",
    name: "Safety Open",
    causes: "Both safety inputs (Safety 1 and Safety 2) are not enabled (configured with t105 [Safety Open En]).",
    remedy: steps(
      "Check the safety input signals and the safety relay or emergency-stop circuit.",
      "If safety is not used, check and tighten the jumper across terminals S1, S2 and S+.",
    ),
  },
  {
    code: "F63",
    name: "SW OverCurrent",
    causes: "The shear pin level (A486, A488) was exceeded for longer than the shear pin time (A487, A489): a jam or overload.",
    remedy: steps("Check the connection between motor and load and the machine for jams.", "Check the level and time settings."),
  },
  {
    code: "F64",
    name: "Drive Overload",
    causes: "The drive's overload rating was exceeded.",
    remedy: steps("Reduce the load or extend the acceleration time.", "Check the drive rating against the motor and duty."),
  },
  {
    code: "F70",
    name: "Power Unit",
    causes: "A failure was detected in the drive's power section.",
    remedy: steps(
      "Check that the maximum ambient temperature has not been exceeded.",
      "Cycle power.",
      "Replace the drive if the fault cannot be cleared.",
    ),
  },
  {
    code: "F73",
    name: "EN Net Loss",
    causes: "Control through the embedded EtherNet/IP adapter was interrupted.",
    remedy: steps(
      "Check the Ethernet cable, switch port and PLC connection.",
      "Check the EtherNet/IP settings (IP address, subnet, gateway).",
      "Cycle power.",
    ),
  },
  {
    code: "F100",
    name: "Parameter Chksum",
    causes: "The drive's non-volatile parameter storage is corrupted.",
    remedy: steps("Set P053 [Reset To Defalts] to 2 (Factory Rset).", "Program the parameters again."),
  },
  {
    code: "F111",
    name: "Safety Hardware",
    causes: "Safety input enable hardware malfunction: one of the safety inputs is not enabled.",
    remedy: steps(
      "Check the safety input signals.",
      "If safety is not used, check and tighten the jumper across terminals S1, S2 and S+.",
      "Replace the control module if the fault cannot be cleared.",
    ),
  },
];

const danfossFc302: FaultCodeSeed[] = [
  {
    code: "2",
    name: "Live zero error",
    causes:
      "The signal on an analogue input is below 50 % of the minimum value programmed for that input: a broken wire or a faulty transmitter. Appears only if programmed in parameter 6-01 Live Zero Timeout Function.",
    remedy: steps(
      "Check the connections on the analogue input terminals: 53 and 54 for signals, 55 common.",
      "Check that the programming and the current/voltage switch settings match the signal type.",
      "Measure the signal at the terminals and check the transmitter.",
    ),
  },
  {
    code: "4",
    name: "Mains phase loss",
    causes:
      "A phase is missing on the supply side or the mains voltage imbalance is too high; also shown for a fault in the input rectifier. The reaction is set in parameter 14-12 Function at Mains Imbalance.",
    remedy: steps(
      "Measure the supply voltages and currents at terminals 91, 92 and 93.",
      "Check the fuses and input terminals.",
      "If the supply is healthy, have the rectifier checked.",
    ),
  },
  {
    code: "7",
    name: "DC overvoltage",
    causes: "The DC-link voltage exceeded its limit: deceleration too fast, a regenerating load, or supply transients.",
    remedy: steps(
      "Extend the ramp time or change the ramp type.",
      "Activate the brake functions in parameter 2-10 Brake Function.",
      "Connect a brake resistor (terminals 81 and 82) if the load regenerates.",
      "Increase parameter 14-26 Trip Delay at Inverter Fault.",
    ),
  },
  {
    code: "8",
    name: "DC undervoltage",
    causes: "The DC-link voltage dropped below the undervoltage limit and no 24 V DC back-up supply is connected: supply loss, dip or wrong supply voltage.",
    remedy: steps(
      "Check that the supply voltage matches the drive's rating.",
      "Check the input fuses and terminals.",
      "If the supply is healthy, have the soft-charge circuit checked.",
    ),
  },
  {
    code: "9",
    name: "Inverter overloaded",
    causes: "The drive has run with more than 100 % overload for too long. The drive cannot be reset until the thermal counter is below 90 %.",
    remedy: steps(
      "Compare the output current on the LCP with the drive's rated current.",
      "Compare the output current shown with the measured motor current.",
      "Watch the thermal drive load on the LCP; reduce the load or use a larger drive.",
    ),
  },
  {
    code: "10",
    name: "Motor overload temperature (ETR)",
    causes:
      "According to the electronic thermal protection (ETR) the motor is too hot: mechanical overload, wrong motor current setting, or an external fan not selected.",
    remedy: steps(
      "Check the motor for overheating and mechanical overload.",
      "Check that parameter 1-24 Motor Current and the motor data in 1-20 to 1-25 are correct.",
      "If an external motor fan is used, select it in parameter 1-91 Motor External Fan.",
      "Run AMA (parameter 1-29) so the drive models the motor more accurately.",
    ),
  },
  {
    code: "11",
    name: "Motor thermistor overtemp",
    causes: "The motor thermistor indicates that the motor temperature is too high, or the thermistor connection is open.",
    remedy: steps(
      "Check the motor for overheating and mechanical overload.",
      "Check the thermistor connection: between terminal 53 or 54 (set for voltage) and terminal 50, or between a digital input and terminal 50.",
      "Check parameter 1-93 Thermistor Resource.",
    ),
  },
  {
    code: "12",
    name: "Torque limit",
    causes: "The torque exceeded the motor-mode limit (4-16) or generator-mode limit (4-17); it becomes an alarm when a trip delay is set in 14-25.",
    remedy: steps(
      "If the limit is reached during ramp-up, extend the ramp-up time; during ramp-down, extend the ramp-down time.",
      "Check the application for excessive current draw.",
      "Raise the torque limit only if the machine can safely take it.",
    ),
  },
  {
    code: "13",
    name: "Overcurrent",
    causes: "The inverter peak current limit (about 200 % of rated current) was exceeded: shock loading, fast acceleration of a high-inertia load, or a motor too large for the drive.",
    remedy: steps(
      ISOLATE,
      "Check that the motor shaft turns freely.",
      "Check that the motor size matches the drive.",
      "Check the motor data in parameters 1-20 to 1-25.",
    ),
  },
  {
    code: "14",
    name: "Earth (ground) fault",
    causes: "Current is flowing from an output phase to earth, in the motor cable or the motor.",
    remedy: steps(
      ISOLATE,
      MEGGER,
      "Repair the earth fault before powering again.",
      "After a power card change, reset the current transducer offsets by a manual initialisation or a complete AMA.",
    ),
  },
  {
    code: "16",
    name: "Short circuit",
    causes: "Short circuit in the motor or motor wiring.",
    remedy: steps(ISOLATE, MEGGER, "Repair the short circuit before powering again."),
  },
  {
    code: "17",
    name: "Control word timeout",
    causes: "No communication to the drive within the control word timeout (active when parameter 8-04 is not set to Off).",
    remedy: steps(
      "Check the serial communication cable and connections.",
      "Check the communication equipment (PLC, gateway).",
      "Increase parameter 8-03 Control Word Timeout Time if the network is slow.",
      "Check EMC-correct installation of the bus cable.",
    ),
  },
  {
    code: "27",
    name: "Brake chopper fault",
    causes: "The brake transistor has short-circuited; the brake function is disabled and the brake resistor may receive power even when braking is not needed.",
    remedy: steps(ISOLATE, "Remove the brake resistor to protect it.", "The drive's brake chopper needs repair."),
  },
  {
    code: "28",
    name: "Brake check failed",
    causes: "The brake resistor is not connected or not working.",
    remedy: steps("Check the brake resistor and its wiring to terminals 81 and 82.", "Check parameter 2-15 Brake Check."),
  },
  {
    code: "29",
    name: "Heat sink temp",
    causes:
      "The maximum heat sink temperature was exceeded: ambient temperature too high, motor cables too long, incorrect clearance above and below the drive, blocked air flow, a damaged heat sink fan or a dirty heat sink.",
    remedy: steps(
      "Check the ambient temperature and the air clearance around the drive.",
      "Check the heat sink fan and clean the heat sink.",
      "The alarm resets only after the heat sink has cooled below the reset temperature.",
    ),
  },
  {
    code: "30",
    name: "Motor phase U missing",
    causes: "Motor phase U between the drive and the motor is missing (alarms 31 and 32 are phases V and W).",
    remedy: steps(ISOLATE, "Check the motor cable and terminals of the phase shown.", "Measure the motor winding resistances."),
  },
  {
    code: "33",
    name: "Inrush fault",
    causes: "Too many power-ups within a short time.",
    remedy: steps(
      "Let the drive cool to operating temperature before powering again.",
      "Check the control that switches the drive's supply (it should not be cycled often).",
      "Check for a DC-link fault to earth.",
    ),
  },
  {
    code: "38",
    name: "Internal fault",
    causes: "An internal fault, shown with a code number that points to the part concerned (power card data, option software, processor).",
    remedy: steps(
      "Note the code number.",
      "Cycle power.",
      "Check that options are properly installed and that no wiring is loose or missing.",
      "If it remains, the drive needs service; quote the code number.",
    ),
  },
  {
    code: "39",
    name: "Heat sink sensor",
    causes: "No feedback from the heat sink temperature sensor: a fault on the power card, the gate drive card or the ribbon cable between them.",
    remedy: steps("Cycle power.", "If the fault remains, the power card, gate drive card or cable needs repair."),
  },
  {
    code: "46",
    name: "Power card supply",
    causes: "A supply on the power card (24 V, 5 V or ±18 V) is out of range; a defective heat sink fan can also cause it.",
    remedy: steps(
      "If a 24 V DC back-up supply is used, check it.",
      "Check the heat sink fan.",
      "If the fault remains, the power card, control card or an option card is defective.",
    ),
  },
  {
    code: "61",
    name: "Feedback error",
    causes: "The difference between the calculated speed and the speed measured by the feedback device (encoder) is too large.",
    remedy: steps(
      "Check the encoder wiring, shield and supply.",
      "Check parameters 4-30 Motor Feedback Loss Function, 4-31 Motor Feedback Speed Error and 4-32 Motor Feedback Loss Timeout.",
    ),
  },
  {
    code: "65",
    name: "Control card overtemperature",
    causes: "The control card temperature exceeded its cut-out limit.",
    remedy: steps("Check the ambient temperature.", "Check for clogged filters and check fan operation.", "Check the control card."),
  },
  {
    code: "68",
    name: "Safe Stop activated",
    causes: "Safe Torque Off (STO) has been activated: terminal 37 lost its 24 V DC.",
    remedy: steps(
      "Find which safety device opened the STO circuit and clear it.",
      "Apply 24 V DC to terminal 37, then reset (by bus, digital input or the [Reset] key).",
    ),
  },
  {
    code: "69",
    name: "Power card temperature",
    causes: "The temperature sensor on the power card reads too hot or too cold.",
    remedy: steps("Check the ambient temperature.", "Check for clogged filters and check fan operation.", "Check the power card."),
  },
];

export const faultCodeTables: FaultCodeTableSeed[] = [
  {
    brand: "ABB",
    series: "ACS880 (primary control program); most codes also apply to ACS580",
    source:
      "ABB ACS880 primary control program firmware manual, chapter Fault tracing; ABB ACS580 standard control program firmware manual",
    codes: abbAcs880,
  },
  {
    brand: "Siemens",
    series: "MICROMASTER 440 / SINAMICS G120 (CU240S and CU240E control units with the MM4-style fault list)",
    source:
      "Siemens MICROMASTER 440 Parameter List, chapter Faults and alarms. SINAMICS G120 with CU2x0-2 control units uses five-digit codes (for example F30001 Overcurrent): see the G120 List Manual.",
    codes: siemensMm440,
  },
  {
    brand: "Yaskawa",
    series: "A1000 / V1000 / GA700",
    source: "Yaskawa A1000, V1000 and GA700 technical manuals, chapter Troubleshooting (fault detection)",
    codes: yaskawa,
  },
  {
    brand: "Mitsubishi Electric",
    series: "FR-A800 (most codes shared by FR-E800)",
    source:
      "Mitsubishi Electric FR-A800 Instruction Manual (Detailed), chapter Protective functions; FR-E800 Instruction Manual (Maintenance)",
    codes: mitsubishi,
  },
  {
    brand: "Delta Electronics",
    series: "C2000 (most codes shared by MS300; PG codes need encoder feedback)",
    source: "Delta VFD-C2000 Series User Manual, chapter Fault codes and descriptions; MS300 Series User Manual",
    codes: delta,
  },
  {
    brand: "Schneider Electric",
    series: "Altivar Machine ATV320 / Altivar Process ATV630",
    source: "Schneider Electric ATV320 Programming Manual and ATV600 Programming Manual, chapter Diagnostics and troubleshooting",
    codes: schneider,
  },
  {
    brand: "Allen-Bradley (Rockwell Automation)",
    series: "PowerFlex 525",
    source: "Rockwell Automation PowerFlex 520-Series AC Drives User Manual (520-UM001), chapter Troubleshooting",
    codes: powerFlex525,
  },
  {
    brand: "Danfoss",
    series: "VLT AutomationDrive FC 301 / FC 302 (alarm numbers)",
    source: "Danfoss VLT AutomationDrive FC 301/FC 302 Operating Guide, chapter Warnings and alarms",
    codes: danfossFc302,
  },
];
