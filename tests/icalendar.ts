import ICAL from "ical.js";

/**
 * Reads a one-event iCalendar file the way a calendar app does, with the
 * ical.js parser: its VTIMEZONE is registered first, so start and end are
 * resolved through the offsets the file itself declares.
 */
export function readCalendarEvent(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) {
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  }
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("the calendar has no VEVENT");
  const event = new ICAL.Event(vevent);
  return {
    uid: event.uid,
    /** SEQUENCE: 0 for a first file, higher for each update of the same UID. */
    sequence: event.sequence,
    summary: event.summary,
    description: event.description,
    location: event.location,
    url: vevent.getFirstPropertyValue("url")?.toString(),
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
    /** The zone the parser resolved start to: the VTIMEZONE it registered, never "floating". */
    timeZone: event.startDate.zone?.tzid,
    endTimeZone: event.endDate.zone?.tzid,
    stamp: (vevent.getFirstPropertyValue("dtstamp") as ICAL.Time).toJSDate(),
    /** STATUS: CONFIRMED, or CANCELLED in the file a cancellation sends. */
    status: vevent.getFirstPropertyValue("status")?.toString(),
  };
}
