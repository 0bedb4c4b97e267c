import { Alert, Anchor, Code, List, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { PaymentMethod } from '../../../machines/flows/paymentMachine';
import { LOCAL_TEST_CARDS } from '../../domain/constants';
import { PaymentActions, type PaymentFormState } from './PaymentActions';

interface TestCardFormProps {
  state: PaymentFormState;
  canPay: (method: PaymentMethod) => boolean;
  onPay: (method: PaymentMethod) => void;
  actions: ReactNode;
}

/** The local test provider's card form: no real money, only the listed test card numbers work. */
export function TestCardForm({ state, canPay, onPay, actions }: TestCardFormProps) {
  const [cardNumber, setCardNumber] = useState('');
  const method: PaymentMethod = { kind: 'testCard', cardNumber };
  const editable = state === 'ready';
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (canPay(method)) onPay(method);
      }}
    >
      <Stack gap="sm">
        <Alert variant="outline" color="yellow" title="Test mode — no real money">
          <Text size="sm">This server takes payments with its local test provider. Use one of these cards:</Text>
          <List size="sm" mt={6} spacing={2}>
            {LOCAL_TEST_CARDS.map((card) => (
              <List.Item key={card.number}>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  disabled={!editable}
                  onClick={() => setCardNumber(card.number)}
                  aria-label={`Use test card ${card.number} (${card.label})`}
                >
                  <Code>{card.number}</Code>
                </Anchor>{' '}
                {card.label}
              </List.Item>
            ))}
          </List>
        </Alert>
        <TextInput
          label="Card number"
          required
          placeholder="4242 4242 4242 4242"
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          value={cardNumber}
          onChange={(e) => setCardNumber(e.currentTarget.value)}
          disabled={!editable}
          data-autofocus
        />
        <PaymentActions state={state} payDisabled={!canPay(method)}>
          {actions}
        </PaymentActions>
      </Stack>
    </form>
  );
}
