import 'leaflet/dist/leaflet.css';
import L from 'leaflet';

/** Leaflet with its stylesheet; import it only through `loadLeaflet` so both stay out of the main bundle. */
export default L;
