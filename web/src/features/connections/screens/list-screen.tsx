export { default } from '../components/connections-page';
