import { describe, expect, it } from 'vitest';
import { promptArguments, promptFormFields } from './prompt-form.ts';

describe('promptFormFields', () => {
  it('asks for each argument as text, required as the prompt says, labelled by its title', () => {
    expect(
      promptFormFields([
        { name: 'city', description: 'City name', required: true },
        { name: 'state', title: 'State or region' },
      ]),
    ).toEqual([
      { name: 'city', label: 'city', type: 'text', required: true, description: 'City name' },
      { name: 'state', label: 'State or region', type: 'text', required: false },
    ]);
  });
});

describe('promptArguments', () => {
  it('gives strings and leaves out empty optional values', () => {
    expect(promptArguments({ city: 'Paris', state: '', count: 3, missing: undefined })).toEqual({
      city: 'Paris',
      count: '3',
    });
  });
});
