import type { JsonSchema } from '@switchboard/core';

/** The body of `POST /registry/servers/add`: which registry server, which of its options, the person's values. */
export const RegistryAddSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'version', 'option', 'index'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200, description: "The registry's name of the server." },
    version: { type: 'string', minLength: 1, maxLength: 100 },
    option: { enum: ['remote', 'package'] },
    index: { type: 'integer', minimum: 0, maximum: 100, description: 'Which of its remotes or packages.' },
    values: {
      type: 'object',
      maxProperties: 100,
      additionalProperties: { type: 'string', maxLength: 4000 },
      description:
        'The values the option asks for, by field key (`url:{var}`, `header:{name}`, `env:{name}`, `arg:{i}`, …); secrets are stored encrypted and never shown back.',
    },
    server_name: {
      type: 'string',
      pattern: '^[a-zA-Z0-9][a-zA-Z0-9_-]{0,47}$',
      description: "The name to register it under (default: the last part of the registry's name).",
    },
  },
} as const;

/** A value a person fills in to add a registry server. */
const InstallFieldSchema = {
  type: 'object',
  required: ['key', 'label', 'required', 'secret'],
  properties: {
    key: { type: 'string' },
    label: { type: 'string' },
    description: { type: 'string' },
    required: { type: 'boolean' },
    secret: { type: 'boolean', description: 'Mask it; it is stored encrypted and never shown back.' },
    default: { type: 'string' },
    choices: { type: 'array', items: { type: 'string' } },
  },
} as const;

/** A server of the MCP Registry, with the ways the caller may add it. */
export const RegistryServerSchema = {
  type: 'object',
  required: ['name', 'description', 'version', 'options'],
  properties: {
    name: { type: 'string' },
    title: { type: 'string' },
    description: { type: 'string' },
    version: { type: 'string' },
    website_url: { type: 'string' },
    repository_url: { type: 'string' },
    options: {
      type: 'array',
      items: {
        type: 'object',
        required: ['kind', 'index', 'summary', 'fields', 'addable'],
        properties: {
          kind: { enum: ['remote', 'package'] },
          index: { type: 'integer' },
          summary: { type: 'string', description: "The remote's URL, or the package's command line." },
          fields: { type: 'array', items: InstallFieldSchema },
          addable: { type: 'boolean' },
          reason: { type: 'string', description: 'Why the caller cannot add it.' },
        },
      },
    },
  },
} as const;
