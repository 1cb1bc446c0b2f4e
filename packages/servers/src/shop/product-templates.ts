/** A product family: one kind of product sold in several variants and sizes. */
export interface ProductTemplate {
  /** The generic noun a shopper searches for ("Milk", "Bread"). */
  kind: string;
  /** Words put before the kind ("Full Cream" → "Full Cream Milk"). */
  variants: string[];
  /** Pack sizes appended to the name; an empty string means no size in the name. */
  sizes: string[];
  /** Price in euros of the first size; later sizes cost proportionally more. */
  basePrice: number;
  /** Other words a shopper may use for this kind ("loaf" for bread). */
  synonyms?: string[];
  /** Emoji drawn on the product image. */
  icon: string;
}

/** A shop department and the product families it sells. */
export interface CategoryTemplate {
  /** Category identifier, as used by `search_products`' category filter. */
  id: string;
  /** Three-letter prefix of product codes. */
  code: string;
  label: string;
  /** Background colour of product images. */
  colour: string;
  products: ProductTemplate[];
}

/** Splits a comma-separated list of the table below: `'1L, 2L'` → `['1L', '2L']`, `''` → `['']` (no size). */
function items(list: string): string[] {
  return list.split(', ');
}

/**
 * One product family as a row of the table below:
 * `family(icon, kind, basePrice, sizes, variants, synonyms?)`, the lists comma-separated.
 * Sizes `''` means one size, not named.
 */
function family(
  icon: string,
  kind: string,
  basePrice: number,
  sizes: string,
  variants: string,
  synonyms?: string,
): ProductTemplate {
  return {
    kind,
    variants: items(variants),
    sizes: items(sizes),
    basePrice,
    ...(synonyms === undefined ? {} : { synonyms: items(synonyms) }),
    icon,
  };
}

/** The catalogue blueprint the generator expands into a few hundred products. */
export const CATEGORY_TEMPLATES: CategoryTemplate[] = [
  {
    id: 'dairy',
    code: 'DAI',
    label: 'Dairy & eggs',
    colour: '#dbeafe',
    products: [
      family('🥛', 'Milk', 1.09, '1L, 2L', 'Full Cream, Skimmed, Semi-Skimmed, Lactose-Free, Organic Whole'),
      family('🥣', 'Yogurt', 1.59, '500g, 1kg', 'Greek, Natural, Strawberry, Vanilla', 'yoghurt'),
      family('🧀', 'Cheese', 2.49, '200g, 400g', 'Mature Cheddar, Mozzarella, Brie, Gouda, Parmesan, Feta'),
      family('🧈', 'Butter', 1.99, '250g, 500g', 'Salted, Unsalted, Spreadable'),
      family('🥛', 'Cream', 1.29, '300ml', 'Double, Single, Sour, Whipping'),
      family('🥚', 'Eggs', 2.19, '6 pack, 12 pack', 'Free Range, Organic, Barn'),
    ],
  },
  {
    id: 'bakery',
    code: 'BAK',
    label: 'Bakery',
    colour: '#fde68a',
    products: [
      family(
        '🍞',
        'Bread',
        2.29,
        '',
        'Sourdough, Wholemeal, White, Rye, Multigrain, Seeded, Gluten-Free',
        'loaf',
      ),
      family('🥖', 'Baguette', 1.19, '', 'Classic, Seeded'),
      family('🥐', 'Croissants', 2.49, '4 pack', 'Butter, Almond, Chocolate', 'pastry'),
      family('🥯', 'Bagels', 1.99, '5 pack', 'Plain, Sesame, Cinnamon Raisin'),
      family('🧁', 'Muffins', 2.79, '4 pack', 'Blueberry, Chocolate Chip, Lemon'),
      family('🌯', 'Wraps', 1.69, '8 pack', 'Plain, Wholemeal, Spinach'),
    ],
  },
  {
    id: 'produce',
    code: 'PRO',
    label: 'Fruit & vegetables',
    colour: '#bbf7d0',
    products: [
      family('🍎', 'Apples', 2.39, '1kg', 'Gala, Granny Smith, Pink Lady, Braeburn'),
      family('🍌', 'Bananas', 1.49, '1kg', 'Fairtrade, Organic'),
      family('🍊', 'Oranges', 2.19, '1kg', 'Navel, Blood'),
      family('🍅', 'Tomatoes', 1.59, '250g, 500g', 'Cherry, Vine, Plum'),
      family('🥔', 'Potatoes', 1.39, '1kg, 2.5kg', 'Baking, New, Sweet'),
      family('🥕', 'Carrots', 0.89, '1kg', 'Loose, Organic'),
      family('🧅', 'Onions', 0.99, '1kg', 'Brown, Red'),
      family('🥑', 'Avocados', 2.49, '2 pack', 'Ripe & Ready, Hass'),
      family('🍓', 'Strawberries', 2.99, '400g', 'British, Organic'),
      family('🥬', 'Lettuce', 0.79, '', 'Iceberg, Romaine, Little Gem'),
      family('🥦', 'Broccoli', 1.29, '200g, 400g', 'Tenderstem, Organic'),
    ],
  },
  {
    id: 'meat-fish',
    code: 'MEA',
    label: 'Meat & fish',
    colour: '#fecaca',
    products: [
      family('🍗', 'Chicken Breast', 3.99, '300g, 600g', 'Free Range, Corn-Fed'),
      family('🥩', 'Beef Mince', 4.49, '500g', 'Lean, Steak'),
      family('🌭', 'Sausages', 2.99, '6 pack', 'Pork, Cumberland, Vegetarian'),
      family('🥓', 'Bacon', 2.69, '200g', 'Smoked, Unsmoked'),
      family('🐟', 'Salmon Fillets', 5.49, '2 pack', 'Scottish, Wild Alaskan', 'fish'),
      family('🐟', 'Cod Fillets', 4.79, '2 pack', 'Skinless, Breaded', 'fish'),
    ],
  },
  {
    id: 'pantry',
    code: 'PAN',
    label: 'Pantry',
    colour: '#fed7aa',
    products: [
      family('🍝', 'Pasta', 0.99, '500g, 1kg', 'Spaghetti, Penne, Fusilli, Farfalle, Wholewheat Penne'),
      family('🍚', 'Rice', 1.89, '1kg, 2kg', 'Basmati, Jasmine, Brown, Arborio'),
      family('🫒', 'Olive Oil', 4.99, '500ml, 1L', 'Extra Virgin, Light', 'oil'),
      family('🌾', 'Flour', 0.89, '1kg', 'Plain, Self-Raising, Strong Bread'),
      family('🍬', 'Sugar', 1.09, '1kg', 'Granulated, Caster, Brown'),
      family(
        '🥣',
        'Breakfast Cereal',
        2.29,
        '500g, 1kg',
        'Corn Flakes, Granola, Porridge Oats, Muesli',
        'cereal',
      ),
      family('🍯', 'Honey', 2.99, '340g', 'Clear, Set, Manuka'),
      family('🥜', 'Peanut Butter', 2.49, '340g', 'Smooth, Crunchy'),
      family('🥫', 'Chopped Tomatoes', 0.69, '400g, 4 x 400g', 'Italian, With Herbs'),
      family('🥫', 'Baked Beans', 0.89, '415g, 4 x 415g', 'Classic, Reduced Sugar'),
    ],
  },
  {
    id: 'drinks',
    code: 'DRI',
    label: 'Drinks',
    colour: '#e9d5ff',
    products: [
      family('🧃', 'Orange Juice', 1.99, '1L, 1.75L', 'Smooth, With Bits', 'juice'),
      family('🧃', 'Apple Juice', 1.79, '1L', 'Cloudy, Clear', 'juice'),
      family('💧', 'Water', 0.59, '1.5L, 6 x 1.5L', 'Still Spring, Sparkling Mineral'),
      family('🥤', 'Cola', 1.69, '1.5L, 6 x 330ml', 'Classic, Zero Sugar', 'soda'),
      family('🌾', 'Oat Drink', 1.89, '1L', 'Original, Barista', 'oat milk'),
      family('☕', 'Coffee', 3.99, '200g, 500g', 'Ground Colombian, Espresso Beans, Instant'),
      family('🍵', 'Tea', 2.29, '40 bags, 80 bags', 'English Breakfast, Green, Earl Grey, Peppermint'),
      family('🍷', 'Red Wine', 6.99, '75cl', 'Merlot, Rioja, Malbec', 'wine'),
    ],
  },
  {
    id: 'snacks',
    code: 'SNA',
    label: 'Snacks & sweets',
    colour: '#fbcfe8',
    products: [
      family(
        '🥔',
        'Crisps',
        1.49,
        '150g, 6 pack',
        'Ready Salted, Salt & Vinegar, Cheese & Onion, Paprika',
        'chips',
      ),
      family('🍫', 'Chocolate Bar', 1.29, '100g', 'Milk, Dark 70%, White, Hazelnut', 'chocolate'),
      family('🍪', 'Biscuits', 1.19, '300g', 'Digestive, Chocolate Digestive, Shortbread, Oat', 'cookies'),
      family('🥜', 'Mixed Nuts', 2.99, '200g', 'Roasted Salted, Unsalted', 'nuts'),
      family('🍿', 'Popcorn', 1.39, '100g', 'Sweet & Salty, Toffee'),
    ],
  },
  {
    id: 'frozen',
    code: 'FRO',
    label: 'Frozen',
    colour: '#cffafe',
    products: [
      family('🍨', 'Ice Cream', 2.99, '500ml, 1L', 'Vanilla, Chocolate, Strawberry, Salted Caramel'),
      family('🍕', 'Pizza', 3.49, '350g', 'Margherita, Pepperoni, Four Cheese, Vegetable'),
      family('🫛', 'Peas', 1.49, '900g', 'Garden, Petits Pois'),
      family('🐟', 'Fish Fingers', 2.49, '10 pack, 20 pack', 'Cod, Pollock'),
      family('🍟', 'Oven Chips', 1.99, '1kg', 'Straight Cut, Crinkle Cut, Sweet Potato', 'fries'),
    ],
  },
  {
    id: 'household',
    code: 'HOU',
    label: 'Household',
    colour: '#e5e7eb',
    products: [
      family('🧴', 'Washing-Up Liquid', 1.29, '450ml, 900ml', 'Original, Lemon', 'dish soap'),
      family('🧺', 'Laundry Detergent', 4.99, '1.3L, 2.6L', 'Bio, Non-Bio, Colour'),
      family('🧻', 'Toilet Paper', 3.99, '9 rolls, 18 rolls', 'Soft, Recycled', 'toilet roll'),
      family('🧻', 'Kitchen Roll', 1.99, '2 rolls, 4 rolls', 'Absorbent, Recycled', 'paper towels'),
      family('🗑️', 'Bin Bags', 1.79, '20 pack', 'Kitchen, Heavy Duty', 'trash bags'),
      family('🧽', 'Sponges', 1.09, '5 pack', 'Scourer, Non-Scratch'),
      family('🧴', 'All-Purpose Cleaner', 1.89, '750ml', 'Lemon, Antibacterial', 'cleaning spray'),
    ],
  },
];
