export function digitsOf(input: string): string;
export function passesLuhn(digits: string): boolean;
export function cardTypeOf(digits: string): 'VISA' | 'MASTERCARD' | 'AMEX' | 'DISCOVER' | null;
export const TEST_CARDS: Record<string, { outcome: 'success' | 'declined'; delayMs: number }>;
export function outcomeOf(digits: string): { outcome: 'success' | 'declined'; delayMs: number };
export function expiryIsValid(value: string, now: Date): boolean;
export function cvcIsValid(value: string): boolean;
