import { Button, Menu } from '@mantine/core';
import { calendarFeedUrl, webcalUrl, type CalendarOwner } from '../../api/endpoints/calendars';
import { ERRORS, SUCCESS } from '../../domain/messages';
import { copyWithNotice } from '../copyText';

interface AddToCalendarMenuProps {
  owner: CalendarOwner;
  id: number;
  /** Whose matches ("Apex Predators", "LunarPanther"): names the downloaded file. */
  name: string;
}

/**
 * "Add to calendar" on the team and player pages: subscribe (webcal://, the calendar app keeps it up to date),
 * download the .ics once, or copy the feed's address for a calendar app that adds calendars from a URL.
 */
export function AddToCalendarMenu({ owner, id, name }: AddToCalendarMenuProps) {
  const feed = calendarFeedUrl(owner, id, window.location.href);
  const copy = () => copyWithNotice(feed, SUCCESS.calendarLinkCopied, ERRORS.calendarCopyFailed);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default">Add to calendar</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Matches still to play, on their due day</Menu.Label>
        <Menu.Item component="a" href={webcalUrl(feed)}>
          Subscribe in my calendar app
        </Menu.Item>
        <Menu.Item component="a" href={feed} download={`${name.replace(/[\\/:*?"<>|]/g, '-')}.ics`}>
          Download .ics
        </Menu.Item>
        <Menu.Item onClick={() => void copy()}>Copy calendar link</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
