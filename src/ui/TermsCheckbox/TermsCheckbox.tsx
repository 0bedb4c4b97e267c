import { Anchor, Checkbox, Text, type CheckboxProps } from '@mantine/core';
import { SITE } from '../siteLinks';

/**
 * "I agree to the terms and conditions" with the link to the terms (a new tab) and the required mark: joining a
 * tournament or a season, and paying as a guest. Takes the Checkbox's own props (checked, error, onChange, or a
 * form's input props).
 */
export function TermsCheckbox(props: Omit<CheckboxProps, 'label'>) {
  return (
    <Checkbox
      {...props}
      label={
        <>
          I agree to the{' '}
          <Anchor href={SITE.terms} target="_blank" rel="noopener noreferrer" inherit>
            terms and conditions
          </Anchor>{' '}
          <Text span c="red" aria-hidden>
            *
          </Text>
        </>
      }
    />
  );
}
