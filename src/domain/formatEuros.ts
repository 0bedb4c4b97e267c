const euro = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });

/** An amount in euros as the platform writes it: €12.50. */
export const formatEuros = (amount: number) => euro.format(amount);
