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

/** The catalogue blueprint the generator expands into a few hundred products. */
export const CATEGORY_TEMPLATES: CategoryTemplate[] = [
  {
    id: 'dairy',
    code: 'DAI',
    label: 'Dairy & eggs',
    colour: '#dbeafe',
    products: [
      {
        kind: 'Milk',
        variants: ['Full Cream', 'Skimmed', 'Semi-Skimmed', 'Lactose-Free', 'Organic Whole'],
        sizes: ['1L', '2L'],
        basePrice: 1.09,
        icon: '🥛',
      },
      {
        kind: 'Yogurt',
        variants: ['Greek', 'Natural', 'Strawberry', 'Vanilla'],
        sizes: ['500g', '1kg'],
        basePrice: 1.59,
        synonyms: ['yoghurt'],
        icon: '🥣',
      },
      {
        kind: 'Cheese',
        variants: ['Mature Cheddar', 'Mozzarella', 'Brie', 'Gouda', 'Parmesan', 'Feta'],
        sizes: ['200g', '400g'],
        basePrice: 2.49,
        icon: '🧀',
      },
      {
        kind: 'Butter',
        variants: ['Salted', 'Unsalted', 'Spreadable'],
        sizes: ['250g', '500g'],
        basePrice: 1.99,
        icon: '🧈',
      },
      {
        kind: 'Cream',
        variants: ['Double', 'Single', 'Sour', 'Whipping'],
        sizes: ['300ml'],
        basePrice: 1.29,
        icon: '🥛',
      },
      {
        kind: 'Eggs',
        variants: ['Free Range', 'Organic', 'Barn'],
        sizes: ['6 pack', '12 pack'],
        basePrice: 2.19,
        icon: '🥚',
      },
    ],
  },
  {
    id: 'bakery',
    code: 'BAK',
    label: 'Bakery',
    colour: '#fde68a',
    products: [
      {
        kind: 'Bread',
        variants: ['Sourdough', 'Wholemeal', 'White', 'Rye', 'Multigrain', 'Seeded', 'Gluten-Free'],
        sizes: [''],
        basePrice: 2.29,
        synonyms: ['loaf'],
        icon: '🍞',
      },
      { kind: 'Baguette', variants: ['Classic', 'Seeded'], sizes: [''], basePrice: 1.19, icon: '🥖' },
      {
        kind: 'Croissants',
        variants: ['Butter', 'Almond', 'Chocolate'],
        sizes: ['4 pack'],
        basePrice: 2.49,
        synonyms: ['pastry'],
        icon: '🥐',
      },
      {
        kind: 'Bagels',
        variants: ['Plain', 'Sesame', 'Cinnamon Raisin'],
        sizes: ['5 pack'],
        basePrice: 1.99,
        icon: '🥯',
      },
      {
        kind: 'Muffins',
        variants: ['Blueberry', 'Chocolate Chip', 'Lemon'],
        sizes: ['4 pack'],
        basePrice: 2.79,
        icon: '🧁',
      },
      {
        kind: 'Wraps',
        variants: ['Plain', 'Wholemeal', 'Spinach'],
        sizes: ['8 pack'],
        basePrice: 1.69,
        icon: '🌯',
      },
    ],
  },
  {
    id: 'produce',
    code: 'PRO',
    label: 'Fruit & vegetables',
    colour: '#bbf7d0',
    products: [
      {
        kind: 'Apples',
        variants: ['Gala', 'Granny Smith', 'Pink Lady', 'Braeburn'],
        sizes: ['1kg'],
        basePrice: 2.39,
        icon: '🍎',
      },
      { kind: 'Bananas', variants: ['Fairtrade', 'Organic'], sizes: ['1kg'], basePrice: 1.49, icon: '🍌' },
      { kind: 'Oranges', variants: ['Navel', 'Blood'], sizes: ['1kg'], basePrice: 2.19, icon: '🍊' },
      {
        kind: 'Tomatoes',
        variants: ['Cherry', 'Vine', 'Plum'],
        sizes: ['250g', '500g'],
        basePrice: 1.59,
        icon: '🍅',
      },
      {
        kind: 'Potatoes',
        variants: ['Baking', 'New', 'Sweet'],
        sizes: ['1kg', '2.5kg'],
        basePrice: 1.39,
        icon: '🥔',
      },
      { kind: 'Carrots', variants: ['Loose', 'Organic'], sizes: ['1kg'], basePrice: 0.89, icon: '🥕' },
      { kind: 'Onions', variants: ['Brown', 'Red'], sizes: ['1kg'], basePrice: 0.99, icon: '🧅' },
      {
        kind: 'Avocados',
        variants: ['Ripe & Ready', 'Hass'],
        sizes: ['2 pack'],
        basePrice: 2.49,
        icon: '🥑',
      },
      {
        kind: 'Strawberries',
        variants: ['British', 'Organic'],
        sizes: ['400g'],
        basePrice: 2.99,
        icon: '🍓',
      },
      {
        kind: 'Lettuce',
        variants: ['Iceberg', 'Romaine', 'Little Gem'],
        sizes: [''],
        basePrice: 0.79,
        icon: '🥬',
      },
      {
        kind: 'Broccoli',
        variants: ['Tenderstem', 'Organic'],
        sizes: ['200g', '400g'],
        basePrice: 1.29,
        icon: '🥦',
      },
    ],
  },
  {
    id: 'meat-fish',
    code: 'MEA',
    label: 'Meat & fish',
    colour: '#fecaca',
    products: [
      {
        kind: 'Chicken Breast',
        variants: ['Free Range', 'Corn-Fed'],
        sizes: ['300g', '600g'],
        basePrice: 3.99,
        icon: '🍗',
      },
      { kind: 'Beef Mince', variants: ['Lean', 'Steak'], sizes: ['500g'], basePrice: 4.49, icon: '🥩' },
      {
        kind: 'Sausages',
        variants: ['Pork', 'Cumberland', 'Vegetarian'],
        sizes: ['6 pack'],
        basePrice: 2.99,
        icon: '🌭',
      },
      { kind: 'Bacon', variants: ['Smoked', 'Unsmoked'], sizes: ['200g'], basePrice: 2.69, icon: '🥓' },
      {
        kind: 'Salmon Fillets',
        variants: ['Scottish', 'Wild Alaskan'],
        sizes: ['2 pack'],
        basePrice: 5.49,
        synonyms: ['fish'],
        icon: '🐟',
      },
      {
        kind: 'Cod Fillets',
        variants: ['Skinless', 'Breaded'],
        sizes: ['2 pack'],
        basePrice: 4.79,
        synonyms: ['fish'],
        icon: '🐟',
      },
    ],
  },
  {
    id: 'pantry',
    code: 'PAN',
    label: 'Pantry',
    colour: '#fed7aa',
    products: [
      {
        kind: 'Pasta',
        variants: ['Spaghetti', 'Penne', 'Fusilli', 'Farfalle', 'Wholewheat Penne'],
        sizes: ['500g', '1kg'],
        basePrice: 0.99,
        icon: '🍝',
      },
      {
        kind: 'Rice',
        variants: ['Basmati', 'Jasmine', 'Brown', 'Arborio'],
        sizes: ['1kg', '2kg'],
        basePrice: 1.89,
        icon: '🍚',
      },
      {
        kind: 'Olive Oil',
        variants: ['Extra Virgin', 'Light'],
        sizes: ['500ml', '1L'],
        basePrice: 4.99,
        synonyms: ['oil'],
        icon: '🫒',
      },
      {
        kind: 'Flour',
        variants: ['Plain', 'Self-Raising', 'Strong Bread'],
        sizes: ['1kg'],
        basePrice: 0.89,
        icon: '🌾',
      },
      {
        kind: 'Sugar',
        variants: ['Granulated', 'Caster', 'Brown'],
        sizes: ['1kg'],
        basePrice: 1.09,
        icon: '🍬',
      },
      {
        kind: 'Breakfast Cereal',
        variants: ['Corn Flakes', 'Granola', 'Porridge Oats', 'Muesli'],
        sizes: ['500g', '1kg'],
        basePrice: 2.29,
        synonyms: ['cereal'],
        icon: '🥣',
      },
      { kind: 'Honey', variants: ['Clear', 'Set', 'Manuka'], sizes: ['340g'], basePrice: 2.99, icon: '🍯' },
      {
        kind: 'Peanut Butter',
        variants: ['Smooth', 'Crunchy'],
        sizes: ['340g'],
        basePrice: 2.49,
        icon: '🥜',
      },
      {
        kind: 'Chopped Tomatoes',
        variants: ['Italian', 'With Herbs'],
        sizes: ['400g', '4 x 400g'],
        basePrice: 0.69,
        icon: '🥫',
      },
      {
        kind: 'Baked Beans',
        variants: ['Classic', 'Reduced Sugar'],
        sizes: ['415g', '4 x 415g'],
        basePrice: 0.89,
        icon: '🥫',
      },
    ],
  },
  {
    id: 'drinks',
    code: 'DRI',
    label: 'Drinks',
    colour: '#e9d5ff',
    products: [
      {
        kind: 'Orange Juice',
        variants: ['Smooth', 'With Bits'],
        sizes: ['1L', '1.75L'],
        basePrice: 1.99,
        synonyms: ['juice'],
        icon: '🧃',
      },
      {
        kind: 'Apple Juice',
        variants: ['Cloudy', 'Clear'],
        sizes: ['1L'],
        basePrice: 1.79,
        synonyms: ['juice'],
        icon: '🧃',
      },
      {
        kind: 'Water',
        variants: ['Still Spring', 'Sparkling Mineral'],
        sizes: ['1.5L', '6 x 1.5L'],
        basePrice: 0.59,
        icon: '💧',
      },
      {
        kind: 'Cola',
        variants: ['Classic', 'Zero Sugar'],
        sizes: ['1.5L', '6 x 330ml'],
        basePrice: 1.69,
        synonyms: ['soda'],
        icon: '🥤',
      },
      {
        kind: 'Oat Drink',
        variants: ['Original', 'Barista'],
        sizes: ['1L'],
        basePrice: 1.89,
        synonyms: ['oat milk'],
        icon: '🌾',
      },
      {
        kind: 'Coffee',
        variants: ['Ground Colombian', 'Espresso Beans', 'Instant'],
        sizes: ['200g', '500g'],
        basePrice: 3.99,
        icon: '☕',
      },
      {
        kind: 'Tea',
        variants: ['English Breakfast', 'Green', 'Earl Grey', 'Peppermint'],
        sizes: ['40 bags', '80 bags'],
        basePrice: 2.29,
        icon: '🍵',
      },
      {
        kind: 'Red Wine',
        variants: ['Merlot', 'Rioja', 'Malbec'],
        sizes: ['75cl'],
        basePrice: 6.99,
        synonyms: ['wine'],
        icon: '🍷',
      },
    ],
  },
  {
    id: 'snacks',
    code: 'SNA',
    label: 'Snacks & sweets',
    colour: '#fbcfe8',
    products: [
      {
        kind: 'Crisps',
        variants: ['Ready Salted', 'Salt & Vinegar', 'Cheese & Onion', 'Paprika'],
        sizes: ['150g', '6 pack'],
        basePrice: 1.49,
        synonyms: ['chips'],
        icon: '🥔',
      },
      {
        kind: 'Chocolate Bar',
        variants: ['Milk', 'Dark 70%', 'White', 'Hazelnut'],
        sizes: ['100g'],
        basePrice: 1.29,
        synonyms: ['chocolate'],
        icon: '🍫',
      },
      {
        kind: 'Biscuits',
        variants: ['Digestive', 'Chocolate Digestive', 'Shortbread', 'Oat'],
        sizes: ['300g'],
        basePrice: 1.19,
        synonyms: ['cookies'],
        icon: '🍪',
      },
      {
        kind: 'Mixed Nuts',
        variants: ['Roasted Salted', 'Unsalted'],
        sizes: ['200g'],
        basePrice: 2.99,
        synonyms: ['nuts'],
        icon: '🥜',
      },
      {
        kind: 'Popcorn',
        variants: ['Sweet & Salty', 'Toffee'],
        sizes: ['100g'],
        basePrice: 1.39,
        icon: '🍿',
      },
    ],
  },
  {
    id: 'frozen',
    code: 'FRO',
    label: 'Frozen',
    colour: '#cffafe',
    products: [
      {
        kind: 'Ice Cream',
        variants: ['Vanilla', 'Chocolate', 'Strawberry', 'Salted Caramel'],
        sizes: ['500ml', '1L'],
        basePrice: 2.99,
        icon: '🍨',
      },
      {
        kind: 'Pizza',
        variants: ['Margherita', 'Pepperoni', 'Four Cheese', 'Vegetable'],
        sizes: ['350g'],
        basePrice: 3.49,
        icon: '🍕',
      },
      { kind: 'Peas', variants: ['Garden', 'Petits Pois'], sizes: ['900g'], basePrice: 1.49, icon: '🫛' },
      {
        kind: 'Fish Fingers',
        variants: ['Cod', 'Pollock'],
        sizes: ['10 pack', '20 pack'],
        basePrice: 2.49,
        icon: '🐟',
      },
      {
        kind: 'Oven Chips',
        variants: ['Straight Cut', 'Crinkle Cut', 'Sweet Potato'],
        sizes: ['1kg'],
        basePrice: 1.99,
        synonyms: ['fries'],
        icon: '🍟',
      },
    ],
  },
  {
    id: 'household',
    code: 'HOU',
    label: 'Household',
    colour: '#e5e7eb',
    products: [
      {
        kind: 'Washing-Up Liquid',
        variants: ['Original', 'Lemon'],
        sizes: ['450ml', '900ml'],
        basePrice: 1.29,
        synonyms: ['dish soap'],
        icon: '🧴',
      },
      {
        kind: 'Laundry Detergent',
        variants: ['Bio', 'Non-Bio', 'Colour'],
        sizes: ['1.3L', '2.6L'],
        basePrice: 4.99,
        icon: '🧺',
      },
      {
        kind: 'Toilet Paper',
        variants: ['Soft', 'Recycled'],
        sizes: ['9 rolls', '18 rolls'],
        basePrice: 3.99,
        synonyms: ['toilet roll'],
        icon: '🧻',
      },
      {
        kind: 'Kitchen Roll',
        variants: ['Absorbent', 'Recycled'],
        sizes: ['2 rolls', '4 rolls'],
        basePrice: 1.99,
        synonyms: ['paper towels'],
        icon: '🧻',
      },
      {
        kind: 'Bin Bags',
        variants: ['Kitchen', 'Heavy Duty'],
        sizes: ['20 pack'],
        basePrice: 1.79,
        synonyms: ['trash bags'],
        icon: '🗑️',
      },
      {
        kind: 'Sponges',
        variants: ['Scourer', 'Non-Scratch'],
        sizes: ['5 pack'],
        basePrice: 1.09,
        icon: '🧽',
      },
      {
        kind: 'All-Purpose Cleaner',
        variants: ['Lemon', 'Antibacterial'],
        sizes: ['750ml'],
        basePrice: 1.89,
        synonyms: ['cleaning spray'],
        icon: '🧴',
      },
    ],
  },
];
