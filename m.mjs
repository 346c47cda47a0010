export { Provider, useSelector, useDispatch } from 'react-redux';
