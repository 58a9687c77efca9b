/** Remote video diagnosis (issue 12 §7): what the routes and other areas call. */
export {
  callByReference,
  callForToken,
  callGrant,
  callLinkPath,
  callRecord,
  callsForRequest,
  customerNameForCall,
  cancelCall,
  durationText,
  effectiveStatus,
  endCall,
  exportCalls,
  joinCall,
  leaveCall,
  listCalls,
  rescheduleCall,
  opensAt,
  saveNotes,
  scheduleCall,
  staffName,
  type CallRecord,
  type CallResult,
  type Participant,
  type VideoCallListItem,
} from "./calls.ts";
export { iceServers, iceServersFrom, type IceServer } from "./ice.ts";
export { handleSignalPost, parseSignal, readSignalBody, relaySignal, signalResponse } from "./signal.ts";
export { saveSnapshot } from "./snapshots.ts";
