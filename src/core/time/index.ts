// Time zones, offsets and how times are written. Code outside this folder imports from here.
export { dateIn, formatDay, formatTime, readWhen, type When, zoneName } from './event-time.ts';
export { timeZoneResolver } from './time-zones.ts';
export { ianaFromWindows } from './windows-zones.ts';
export {
  formatOffset,
  isoToWallTime,
  isTimeZone,
  offsetMinutes,
  pad,
  utcFromParts,
  wallClock,
  wallOffsetMinutes,
  wallTimeToIso,
} from './zoned-time.ts';
export { cityLabel, zoneCities, zoneOfText, type ZoneCity } from './zone-cities.ts';
