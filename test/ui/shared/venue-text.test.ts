import { describe, expect, it } from 'vitest';
import { shownAddress } from '../../../src/ui/shared/venue-text.ts';

describe('a venue address', () => {
  it('is left out when it only repeats the name', () => {
    expect(shownAddress({ name: 'Mansion in Rosedale', address: 'Rosedale, Toronto' })).toBeNull();
    expect(shownAddress({ name: 'Café Joso', address: 'cafe joso, Toronto' })).toBeNull();
    expect(shownAddress({ name: 'Casa Loma', address: null })).toBeNull();
    expect(shownAddress({ name: 'Casa Loma', address: '  ' })).toBeNull();
  });

  it('is shown when it adds something', () => {
    expect(shownAddress({ name: 'Wicked', address: 'Queen St W, Toronto' })).toBe('Queen St W, Toronto');
    expect(shownAddress({ name: 'Liberty Grand', address: 'CNE grounds, Toronto' })).toBe('CNE grounds, Toronto');
  });
});
