import { arrayOf, COLOR, object, TITLE, text } from './schema-parts.ts';
import type { WidgetDefinition } from './widget-definition.ts';

const LATITUDE = { type: 'number', minimum: -90, maximum: 90, description: 'Latitude in degrees' };
const LONGITUDE = { type: 'number', minimum: -180, maximum: 180, description: 'Longitude in degrees' };

/** `map`: a map with markers (with popups) and GeoJSON layers; renders offline on a bundled basemap. */
export const map: WidgetDefinition<'map'> = {
  name: 'map',
  schema: object({
    title: TITLE,
    center: {
      type: 'array',
      description: 'Map centre as [latitude, longitude] (defaults to fit the markers and layers)',
      items: [LATITUDE, LONGITUDE],
      minItems: 2,
      maxItems: 2,
    },
    zoom: {
      type: 'number',
      minimum: 0,
      maximum: 18,
      description: 'Zoom level: 2 world, 4 continent, 6 country, 10 city',
    },
    markers: arrayOf(
      object(
        {
          lat: LATITUDE,
          lng: LONGITUDE,
          label: text('Short label shown on hover', 200),
          popup: text('Text shown when the marker is clicked', 2000),
          color: COLOR,
        },
        ['lat', 'lng'],
      ),
      'Points to mark',
      { max: 2000 },
    ),
    layers: arrayOf(
      object(
        {
          name: text('Layer name', 200),
          data: {
            type: 'object',
            description:
              'A GeoJSON FeatureCollection, Feature or geometry (coordinates as [longitude, latitude])',
            required: ['type'],
            properties: {
              type: {
                enum: [
                  'FeatureCollection',
                  'Feature',
                  'Point',
                  'MultiPoint',
                  'LineString',
                  'MultiLineString',
                  'Polygon',
                  'MultiPolygon',
                  'GeometryCollection',
                ],
              },
            },
          },
          color: COLOR,
        },
        ['data'],
      ),
      'GeoJSON layers drawn over the basemap',
      { max: 20 },
    ),
  }),
  recipe: `---
name: map
title: Map
description: Places on a map — markers with popups and GeoJSON shapes — drawn over an offline world basemap.
when: The answer is about where things are (countries, cities, stores, routes, regions).
keywords: [map, where, location, geography, coordinates, latitude, longitude, markers, places, geojson, region, route]
---
Display \`map\` with \`markers\` (\`{ "lat", "lng", "popup", "label" }\` per place, latitude first) and, for shapes, \`layers\` of GeoJSON (\`{ "name", "data": FeatureCollection, "color" }\`, coordinates longitude first as GeoJSON requires). Set \`center\` as [latitude, longitude] and \`zoom\` (2 world, 4 continent, 6 country, 10 city) or leave both out to fit everything. Popups are plain text.`,
  example: {
    center: [46.8, 8.2],
    zoom: 6,
    markers: [{ lat: 46.95, lng: 7.45, popup: 'Bern — capital of Switzerland', label: 'Bern' }],
  },
  size: { width: 560, height: 400 },
};
