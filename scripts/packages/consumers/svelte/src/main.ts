import { mount } from 'svelte';
import App from './App.svelte';
import { catalogWidget } from './catalog-widget.ts';

const target = document.getElementById('app');
if (!target) throw new Error('no #app element');
mount(App, { target, props: { widget: catalogWidget('stat') } });
