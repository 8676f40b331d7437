/*
 * Word lists for classroom passphrases (adjective-noun-colour-noun). Short, concrete,
 * friendly words a seven-year-old can spell, with no homophones or unkind meanings.
 * 201 adjectives x 272 nouns x 37 colours x 272 nouns: about 550 million phrases.
 */

export const ADJECTIVES = `
able agile airy alert amber ample angry awake bold bouncy brave breezy bright brisk bubbly
busy calm candid careful cheeky cheery chilly chirpy clean clear clever cloudy cosy crafty
crisp cuddly curious curly daring dashing dazzling deep dizzy dreamy dusty eager early easy
elegant epic fair fancy fast fearless fiery fine firm fluffy flying fond frank free fresh
friendly frosty funny fuzzy gentle giant giddy glad gleaming glossy golden good grand great
grumpy handy happy hardy hasty hearty helpful heroic honest hopeful huge humble icy jolly
jumpy keen kind large lazy leafy light lively lonely loud lovely loyal lucky lumpy magic
major merry mighty mild misty modern modest muddy neat nimble noble noisy odd plucky polite
proud quick quiet quirky rapid ready rocky rosy round royal rusty sandy shiny short shy
silent silly simple sleepy slow small smart smooth snappy snowy snug soft solid sparkly
speedy spicy spotty steady sticky stormy strong sturdy sunny super sweet swift tall tame
tidy tiny tough trusty twinkly upbeat useful valiant vast velvet vivid warm wavy wild windy
wise witty wobbly wonderful woolly young zany zesty zippy active balmy bashful beaming
bendy bumpy chatty chunky cool crunchy dainty dapper dotty fizzy flat fleet frisky gusty
`
  .trim()
  .split(/\s+/);

export const NOUNS = `
acorn anchor ant apple arrow badger balloon banjo barn basket beach beacon bear beaver bee
beetle bell berry bicycle bird biscuit blanket boat bonnet book boot bottle branch bread
bridge brook broom bubble bucket bugle bunny button cabin cactus cake camel camera candle
canoe canyon cape captain carrot castle cat cave cello chair cherry chess chick chimney
circle cliff clock cloud clover coast comet compass cookie coral cotton cow crab crane
crayon cricket crown crystal cup daisy deer desk diamond dinghy dolphin donkey dove dragon
drum duck eagle easel eel elephant elf engine falcon feather fern ferry fiddle field finch
fir fish flag flute forest fossil fox frog garden gate gecko giraffe glacier globe goat
goose grape guitar hammer harbour hare harp hat hazel hedgehog helmet heron hill hippo
honey horse island ivy jacket jelly jigsaw kayak kettle kite kitten koala ladder lake lamb
lamp lantern leaf lemon leopard lighthouse lily lion lizard llama lobster lock magnet
mango map maple marble meadow melon mitten mole moon moose moth mountain mouse mushroom
nest newt noodle oak oar ocean octopus orange orchard otter owl paddle panda parcel parrot
peach peacock pear pebble pelican pencil penguin pepper piano pickle pigeon pillow pine
planet plum pony poppy puffin pumpkin puppy quail quilt rabbit raccoon radish rainbow raven
reef ribbon river robin rocket rose saddle sail salmon sandal scarf seal seed shell ship
shrimp skate sled sloth snail sparrow spider spoon squirrel star starfish stone stork
strawberry swan teapot tiger toad tomato tortoise tower tractor train tree trumpet tulip
turnip turtle umbrella valley violin volcano wagon walrus whale wheel whistle willow
window wizard wolf wombat yacht zebra
`
  .trim()
  .split(/\s+/);

export const COLOURS = `
amber apricot azure beige blue bronze coral cream crimson golden green grey indigo ivory
lemon lilac magenta maroon mint navy olive orange peach pink plum purple red ruby russet
saffron scarlet silver teal turquoise violet white yellow
`
  .trim()
  .split(/\s+/);
