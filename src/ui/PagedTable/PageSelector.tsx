import { Group, UnstyledButton } from '@mantine/core';
import { MAX_PAGE_BUTTONS } from '../../domain/constants';
import classes from './PagedTable.module.css';

/** The window of at most 5 page numbers around the current page. */
export function pageWindow(current: number, pages: number, size = MAX_PAGE_BUTTONS): number[] {
  const count = Math.min(size, pages);
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, pages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

interface PageSelectorProps {
  pageNo: number;
  pages: number;
  disabled: boolean;
  onChange: (pageNo: number) => void;
}

/** Previous, at most 5 page numbers, next. Hidden when there is one page or fewer; disabled while loading. */
export function PageSelector({ pageNo, pages, disabled, onChange }: PageSelectorProps) {
  if (pages <= 1) return null;
  const button = (label: string, target: number, ariaLabel: string, current = false) => (
    <UnstyledButton
      key={ariaLabel}
      className={classes.page}
      data-current={current || undefined}
      aria-label={ariaLabel}
      aria-current={current ? 'page' : undefined}
      disabled={disabled || target < 1 || target > pages || current}
      onClick={() => onChange(target)}
    >
      {label}
    </UnstyledButton>
  );
  return (
    <Group component="nav" aria-label="Pages" gap={4} justify="center" aria-busy={disabled}>
      {button('‹', pageNo - 1, 'Previous page')}
      {pageWindow(pageNo, pages).map((p) => button(String(p), p, `Page ${p}`, p === pageNo))}
      {button('›', pageNo + 1, 'Next page')}
    </Group>
  );
}
